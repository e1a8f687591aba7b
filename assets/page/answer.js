// The answer as text: a sentence saying what was asked and answered, the
// squares listed one by one, and API errors shown in plain words next to
// the field they are about.

const summary = () => document.getElementById('summary');
const list = () => document.getElementById('answer-list');
const note = () => document.getElementById('board-note');

/** The one-sentence answer; `text` may hold several sentences. */
export function say(text) {
  summary().textContent = text;
}

/** A line under the board (what to click next, or why it is not drawn). */
export function hint(text) {
  note().textContent = text || '';
}

/**
 * Lists squares as text. `status(i)` may give each item a note and a class
 * ({ text, cls }); `current` marks one item as the knight's place.
 */
export function listSquares(squares, { status, current } = {}) {
  const ol = list();
  ol.start = 0;
  const items = squares.map((square, i) => {
    const li = document.createElement('li');
    li.value = i;
    const name = document.createElement('span');
    name.className = 'square-name';
    name.textContent = String(square);
    li.append(name);
    const s = status ? status(i) : null;
    if (s) {
      if (s.cls) li.classList.add(s.cls);
      if (s.text) {
        const t = document.createElement('span');
        t.className = 'square-note';
        t.textContent = ` ${s.text}`;
        li.append(t);
      }
    }
    if (i === current) li.setAttribute('aria-current', 'step');
    return li;
  });
  ol.replaceChildren(...items);
}

/** Moves the "knight is here" mark of the list to item `k`. */
export function markCurrent(k) {
  const ol = list();
  const old = ol.querySelector('[aria-current]');
  if (old) old.removeAttribute('aria-current');
  const item = ol.children[k];
  if (item) {
    item.setAttribute('aria-current', 'step');
    const box = ol.getBoundingClientRect();
    const at = item.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) {
      ol.scrollTop += at.top - box.top - box.height / 2;
    }
  }
}

/** Empties the answer. */
export function clearAnswer() {
  say('');
  list().replaceChildren();
}

// The API's names for what the page's fields hold.
const ALIASES = { src: 'from', dest: 'to' };

/** Clears the error messages of a form. */
export function clearErrors(form) {
  for (const el of form.querySelectorAll('.error[data-for]')) el.textContent = '';
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

/**
 * Shows an error in plain words: next to the field named by the problem's
 * `param` when the form has one, else under the form. Returns the element.
 */
export function showProblem(form, problem) {
  const param = problem.param ? ALIASES[problem.param] || problem.param : null;
  let slot = param ? form.querySelector(`.error[data-for="${CSS.escape(param)}"]`) : null;
  let text = problem.detail || problem.message || String(problem);
  if (slot) {
    const field = form.querySelector(`[name="${CSS.escape(param)}"]`);
    if (field) field.setAttribute('aria-invalid', 'true');
  } else {
    slot = form.querySelector('.error[data-for="*"]');
    if (param) text = `${text} (${param})`;
  }
  slot.textContent = text;
  if (problem.code) slot.dataset.code = problem.code;
  return slot;
}
