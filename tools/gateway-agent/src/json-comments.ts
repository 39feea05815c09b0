/**
 * Semtech's packet forwarder accepts line and block comments in its global_conf.json, which
 * JSON.parse does not: they are blanked out here (outside strings) before parsing.
 */
export function stripJsonComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      out += text.slice(start, ++i);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The value of a JSON text, comments allowed; undefined when it is not JSON. */
export function parseJsonLoose(text: string): unknown {
  for (const t of [text, stripJsonComments(text)]) {
    try {
      return JSON.parse(t);
    } catch {}
  }
  return undefined;
}
