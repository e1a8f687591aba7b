// Talks to knightd. Every failure becomes a Problem carrying the API's
// problem+json fields (code, detail, param), so the page can say in plain
// words what went wrong next to the field at fault.

/** An answer that is not a success: the API's problem+json, or a network failure. */
export class Problem extends Error {
  constructor(status, body) {
    super(body.detail || body.title || `The server answered ${status}.`);
    this.name = 'Problem';
    this.status = status;
    this.code = body.code || null;
    this.param = body.param || null;
    this.detail = this.message;
  }
}

async function send(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new Problem(0, {
      code: 'unreachable',
      detail: 'The server could not be reached. Is knightd still running?',
    });
  }
  if (!response.ok) {
    let body = {};
    const type = response.headers.get('content-type') || '';
    if (type.includes('json')) {
      try {
        body = await response.json();
      } catch {
        body = {};
      }
    }
    if (!body.detail) {
      const retry = response.headers.get('retry-after');
      body.detail = `The server answered ${response.status} ${response.statusText}` +
        (retry ? `; try again in ${retry} s.` : '.');
    }
    throw new Problem(response.status, body);
  }
  return response;
}

function query(params) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') q.set(key, String(value));
  }
  return q;
}

const ACCEPT = { json: 'application/json', svg: 'image/svg+xml', text: 'text/plain' };

async function read(response, format) {
  return format === 'json' ? response.json() : response.text();
}

/**
 * GET an endpoint ("path", "tour", ...) with query parameters; `format` is
 * "json" (the answer as an object) or "svg"/"text" (the answer as a string).
 * URLs are relative, so the page also works behind a path prefix.
 */
export async function get(endpoint, params, { format = 'json', signal } = {}) {
  const q = query(params);
  if (format !== 'json') q.set('format', format);
  const response = await send(`${endpoint}?${q}`, {
    signal,
    headers: { accept: ACCEPT[format] },
  });
  return read(response, format);
}

/** POST a JSON body to an endpoint; `format` as for `get`. */
export async function post(endpoint, body, { format = 'json', signal } = {}) {
  const url = format === 'json' ? endpoint : `${endpoint}?format=${format}`;
  const response = await send(url, {
    method: 'POST',
    signal,
    headers: { 'content-type': 'application/json', accept: ACCEPT[format] },
    body: JSON.stringify(body),
  });
  return read(response, format);
}

/**
 * POST a JSON body and read the answer as NDJSON (`application/x-ndjson`),
 * line by line as it arrives: `onLine(object)` is called for each line,
 * and the last one is returned. A server that answers with one JSON object
 * instead of a stream gives that object, as its one (and final) line. The
 * `signal` aborts the request, and so the server's work.
 */
export async function stream(endpoint, body, onLine, { signal } = {}) {
  const response = await send(endpoint, {
    method: 'POST',
    signal,
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify(body),
  });
  if (!(response.headers.get('content-type') || '').includes('ndjson') || !response.body) {
    const only = { final: true, ...(await response.json()) };
    onLine(only);
    return only;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let last = null;
  let rest = '';
  const take = (line) => {
    if (line.trim() === '') return;
    last = JSON.parse(line);
    onLine(last);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const lines = (rest + value).split('\n');
    rest = lines.pop();
    for (const line of lines) take(line);
  }
  take(rest);
  if (!last || !last.final) {
    throw new Problem(0, { code: 'stream_cut', detail: 'The answer stopped before its last line: ask again.' });
  }
  return last;
}
