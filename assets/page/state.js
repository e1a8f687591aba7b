// The page's state lives in the URL fragment, written like the API request
// it asks: #/path?from=g2&to=a8, #/tour?width=6&height=6&start=a1&closed=true.
// A link therefore reopens the same picture, and the back button walks
// through the questions asked.

/** `#/path?from=g2&to=a8` → { route: "path", params: URLSearchParams }. */
export function readFragment(hash) {
  const text = hash.replace(/^#/, '').replace(/^\//, '');
  const at = text.indexOf('?');
  const route = at < 0 ? text : text.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : text.slice(at + 1));
  return { route: route.toLowerCase(), params };
}

// Commas and slashes read better unescaped (path=b6,d5,f6), and
// URLSearchParams reads them back as they were.
function encode(value) {
  return encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%2F/gi, '/');
}

/** The fragment of a question; empty values are left out. */
export function writeFragment(route, params) {
  const parts = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    parts.push(`${encode(key)}=${encode(String(value))}`);
  }
  return `#/${route}${parts.length ? `?${parts.join('&')}` : ''}`;
}

/** Asks a new question: a new history entry, so the back button returns here. */
export function go(route, params) {
  const fragment = writeFragment(route, params);
  if (fragment === window.location.hash) {
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = fragment;
  }
}

/** Records a detail of the same question (a tour's step) without a history entry. */
export function replace(route, params) {
  window.history.replaceState(null, '', writeFragment(route, params));
}
