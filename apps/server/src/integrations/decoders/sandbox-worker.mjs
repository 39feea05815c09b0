// Application decoder scripts run here: QuickJS compiled to WebAssembly (no Node, file system or
// network inside; node:vm is not a security boundary), one runtime per script with a memory cap
// and a deadline per call, on a thread of its own so that a script stuck inside a builtin cannot
// stall the data plane: the parent kills the thread (see sandbox.ts). Plain JavaScript because a
// worker thread loads its file the same way under node, tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline } from 'quickjs-emscripten-core';

const { memoryBytes, stackBytes, loadMs, callMs, maxObjectJson } = workerData;

// Both conventions: decodeUplink(input) → { data, errors?, warnings? } (The Things Stack,
// ChirpStack v4) and ChirpStack v3's Decode(fPort, bytes, variables) → object.
const ADAPTER = `
globalThis.__lnsDecode = function (input) {
  if (typeof decodeUplink === 'function') {
    var r = decodeUplink(input);
    if (r && typeof r === 'object' && Array.isArray(r.errors) && r.errors.length) throw new Error(r.errors.join('; '));
    return r && typeof r === 'object' && 'data' in r ? r.data : r;
  }
  return Decode(input.fPort, input.bytes, {});
};
typeof decodeUplink === 'function' || typeof Decode === 'function';`;

const qjs = await newQuickJSWASMModuleFromVariant(variant);
/** @type {Map<string, { rt: any, vm: any }>} */
const scripts = new Map();

function run(s, code, ms, filename) {
  s.rt.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + ms));
  const res = s.vm.evalCode(code, filename);
  if (res.error) {
    const e = s.vm.dump(res.error);
    res.error.dispose();
    const msg = e && typeof e === 'object' ? `${e.name ?? 'Error'}: ${e.message ?? ''}` : String(e);
    throw new Error(/interrupted/i.test(msg) ? `timed out after ${ms} ms` : msg);
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
      throw new Error('the script defines neither decodeUplink(input) nor Decode(fPort, bytes, variables)');
    }
  } catch (err) {
    drop(key);
    throw err;
  }
}

function decode(key, input) {
  const s = scripts.get(key);
  if (!s) throw new Error('decoder not compiled');
  const json = JSON.stringify(run(s, `__lnsDecode(${JSON.stringify(input)})`, callMs, 'call.js') ?? null);
  if (json.length > maxObjectJson) throw new Error(`decoded object over ${maxObjectJson} bytes as JSON`);
  return json;
}

parentPort.on('message', (m) => {
  try {
    if (m.op === 'drop') return drop(m.key);
    if (m.op === 'compile') compile(m.key, m.source);
    parentPort.postMessage({ id: m.id, json: m.op === 'decode' ? decode(m.key, m.input) : 'null' });
  } catch (err) {
    // A runaway script may leave its runtime unusable: compile afresh next time.
    if (m.op === 'decode' && /timed out|out of memory/i.test(err.message)) drop(m.key);
    parentPort.postMessage({ id: m.id, error: err.message });
  }
});
parentPort.postMessage({ ready: true });
