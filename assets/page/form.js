// Forms and the fragment: a form's fields are the request's parameters.

/** Fills a form's fields from the fragment's parameters. */
export function fill(form, params) {
  for (const el of form.elements) {
    if (!el.name || el.dataset.keep !== undefined) continue;
    if (['submit', 'button', 'radio'].includes(el.type)) continue;
    let value = params.get(el.name);
    if (value === null && el.name === 'from') value = params.get('src');
    if (value === null && el.name === 'to') value = params.get('dest');
    if (el.type === 'checkbox') el.checked = value === 'true';
    else el.value = value ?? '';
  }
}

/** The form's fields as request parameters; empty fields are left out. */
export function readForm(form) {
  const out = {};
  for (const el of form.elements) {
    if (!el.name || el.dataset.keep !== undefined) continue;
    if (['submit', 'button', 'radio'].includes(el.type)) continue;
    if (el.type === 'checkbox') {
      if (el.checked) out[el.name] = el.value;
    } else if (el.value.trim() !== '') {
      out[el.name] = el.value.trim();
    }
  }
  return out;
}

/**
 * A typed number for a JSON body: digits become a number, anything else
 * is sent as it is, so the server can say what is wrong with it.
 */
export function number(value) {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const text = String(value).trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : text;
}
