// Application decoder scripts run here: QuickJS compiled to WebAssembly (no Node, file system or
// network inside; node:vm is not a security boundary), one runtime per script with a memory cap
// and a deadline per call. Several such threads make the decoder pool (pool.ts), which gives one
// application's calls to one thread at a time and kills a thread stuck inside a builtin. Plain
// JavaScript because a worker thread loads its file the same way under node, tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline } from 'quickjs-emscripten-core';

const { memoryBytes, stackBytes, loadMs, callMs, output } = workerData;

// Both conventions: decodeUplink(input) → { data, errors?, warnings? } (The Things Stack,
// ChirpStack v4) and ChirpStack v3's Decode(fPort, bytes, variables) → object. The result is
// measured (depth, entries) before QuickJS serializes it: its JSON.stringify slows down with the
// square of the depth and cannot be interrupted. The JSON text is measured again afterwards
// (toJSON methods may return something else).
const ADAPTER = `
var __lnsShape = function (v, depth, count) {
  if (v === null || typeof v !== 'object' || typeof v.toJSON === 'function') return count;
  if (depth >= ${output.depth}) throw new Error('decoded object nested deeper than ${output.depth} levels');
  var keys = Array.isArray(v) ? null : Object.keys(v);
  var n = keys ? keys.length : v.length;
  count += n;
  if (count > ${output.entries}) throw new Error('decoded object has over ${output.entries} keys and elements');
  for (var i = 0; i < n; i++) count = __lnsShape(keys ? v[keys[i]] : v[i], depth + 1, count);
  return count;
};
globalThis.__lnsDecode = function (input) {
  var v;
  if (typeof decodeUplink === 'function') {
    var r = decodeUplink(input);
    if (r && typeof r === 'object' && Array.isArray(r.errors) && r.errors.length) throw new Error(r.errors.join('; '));
    v = r && typeof r === 'object' && 'data' in r ? r.data : r;
  } else v = Decode(input.fPort, input.bytes, {});
  __lnsShape(v, 0, 0);
  try {
    var json = JSON.stringify(v);
  } catch (e) {
    if (/stack overflow/.test(String(e))) throw new Error('decoded object nested deeper than ${output.depth} levels');
    throw e;
  }
  return json === undefined ? 'null' : json;
};
typeof decodeUplink === 'function' || typeof Decode === 'function';`;

const qjs = await newQuickJSWASMModuleFromVariant(variant);
/** @type {Map<string, { rt: any, vm: any }>} */
const scripts = new Map();

/** An error of the script or of its result; anything else thrown here is this thread failing. */
class ScriptError extends Error {}

/** A call that ran away (deadline, memory): its runtime is dropped and the pool counts it. */
const RUNAWAY = /timed out|out of memory/i;

function run(s, code, ms, filename) {
  s.rt.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + ms));
  const res = s.vm.evalCode(code, filename);
  if (res.error) {
    const e = s.vm.dump(res.error);
    res.error.dispose();
    const msg = e && typeof e === 'object' ? `${e.name ?? 'Error'}: ${e.message ?? ''}` : String(e);
    throw new ScriptError(/interrupted/i.test(msg) ? `timed out after ${ms} ms` : msg);
  }
  const value = s.vm.dump(res.value);
  res.value.dispose();
  return value;
}

function drop(key) {
  const s = scripts.get(key);
  scripts.delete(key);
  if (s) {
    s.vm.dispose();
    s.rt.dispose();
  }
}

/** Bytes the script's runtime holds (what the pool's memory budget counts). */
function bytesOf(key) {
  const s = scripts.get(key);
  if (!s) return 0;
  const h = s.rt.computeMemoryUsage();
  const used = s.vm.dump(h).memory_used_size;
  h.dispose();
  return used;
}

function compile(key, source) {
  drop(key);
  const rt = qjs.newRuntime();
  rt.setMemoryLimit(memoryBytes);
  rt.setMaxStackSize(stackBytes);
  const s = { rt, vm: rt.newContext() };
  scripts.set(key, s);
  try {
    run(s, source, loadMs, 'decoder.js');
    if (run(s, ADAPTER, loadMs, 'adapter.js') !== true) {
      throw new ScriptError('the script defines neither decodeUplink(input) nor Decode(fPort, bytes, variables)');
    }
  } catch (err) {
    drop(key);
    throw err;
  }
}

/** Depth of nesting and number of keys and elements of a JSON text made by JSON.stringify. */
function shapeOf(json) {
  let depth = 0;
  let deepest = 0;
  let entries = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      deepest = Math.max(deepest, ++depth);
      const next = json.charCodeAt(i + 1);
      if (next !== 125 && next !== 93) entries++;
    } else if (c === 125 || c === 93) depth--;
    else if (c === 44) entries++;
  }
  return { deepest, entries };
}

function decodeOne(key, input) {
  const s = scripts.get(key);
  if (!s) throw new ScriptError('decoder not compiled');
  const json = run(s, `__lnsDecode(${JSON.stringify(input)})`, callMs, 'call.js');
  if (Buffer.byteLength(json) > output.bytes)
    throw new ScriptError(`decoded object over ${output.bytes} bytes as JSON`);
  const { deepest, entries } = shapeOf(json);
  if (deepest > output.depth) throw new ScriptError(`decoded object nested deeper than ${output.depth} levels`);
  if (entries > output.entries) throw new ScriptError(`decoded object has over ${output.entries} keys and elements`);
  return json;
}

/** Runs the inputs in order; stops after a runaway call (the rest were not run). */
function decode(key, inputs) {
  const results = [];
  for (const input of inputs) {
    try {
      results.push({ json: decodeOne(key, input) });
    } catch (err) {
      if (!(err instanceof ScriptError)) throw err;
      results.push({ error: err.message });
      if (RUNAWAY.test(err.message)) {
        drop(key);
        return { results, runaway: true };
      }
    }
  }
  return { results };
}

const heap = () => qjs.getWasmMemory().buffer.byteLength;

parentPort.on('message', (m) => {
  try {
    if (m.op === 'drop') return drop(m.key);
    if (m.op === 'compile') {
      try {
        compile(m.key, m.source);
      } catch (err) {
        if (!(err instanceof ScriptError)) throw err;
        return parentPort.postMessage({
          id: m.id,
          error: err.message,
          runaway: RUNAWAY.test(err.message),
          heap: heap(),
        });
      }
      return parentPort.postMessage({ id: m.id, bytes: bytesOf(m.key), heap: heap() });
    }
    const r = decode(m.key, m.inputs);
    parentPort.postMessage({ id: m.id, ...r, bytes: bytesOf(m.key), heap: heap() });
  } catch (err) {
    // Outside QuickJS's own errors (the WebAssembly stack or memory gave out): this thread's
    // QuickJS may be corrupt, so it ends and the pool starts another.
    parentPort.postMessage({ id: m.id, error: `decoder thread crashed: ${err?.message ?? err}`, fatal: true });
    process.exit(1);
  }
});
parentPort.postMessage({ ready: true });
