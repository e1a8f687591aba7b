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

/** Squares listed at once; a longer list (a tour of 1000×1000) is shown a page at a time. */
const LIST_PAGE = 1000;

// The list on show: its squares, how each is written, and the page shown.
let listed = { squares: [], item: null, page: 0, from: 0 };

/** A button of the list's page bar: to the page `to`. */
function pageButton(text, to) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  button.addEventListener('click', () => showPage(to));
  return button;
}

/** Shows page `page` of the list on show, with buttons to the pages around it. */
function showPage(page) {
  const ol = list();
  const { squares, item } = listed;
  const first = page * LIST_PAGE;
  const last = Math.min(squares.length, first + LIST_PAGE);
  listed.page = page;
  const items = [];
  for (let i = first; i < last; i += 1) items.push(item(squares[i], i));
  if (squares.length > LIST_PAGE) {
    const bar = (where) => {
      const li = document.createElement('li');
      li.className = `list-more list-more-${where}`;
      const words = document.createElement('span');
      const count = (n) => n.toLocaleString('en');
      words.textContent = `Squares ${count(first + listed.from)}–${count(last - 1 + listed.from)} of ${count(squares.length)} `;
      li.append(words);
      if (first > 0) li.append(pageButton(`Previous ${count(LIST_PAGE)}`, page - 1));
      if (last < squares.length) li.append(pageButton(`Next ${count(Math.min(LIST_PAGE, squares.length - last))}`, page + 1));
      return li;
    };
    items.unshift(bar('top'));
    items.push(bar('bottom'));
  }
  ol.replaceChildren(...items);
}

/**
 * Lists squares as text, a page at a time on a long list. `status(i)` may
 * give each item a note and a class ({ text, cls }); `current` marks one
 * item as the knight's place. Items are numbered from `from`: 0 on a path
 * (its moves, as its picture numbers them), 1 on the Tour tab (its
 * squares, as a puzzle numbers them).
 */
export function listSquares(squares, { status, current, from = 0 } = {}) {
  const ol = list();
  ol.start = from;
  // The markers' column as wide as the last step number (a tour of
  // 1000×1000 numbers its squares up to 1,000,000).
  ol.style.setProperty('--marker-digits', String(Math.max(String(Math.max(squares.length - 1 + from, 0)).length, 2)));
  const item = (square, i) => {
    const li = document.createElement('li');
    li.value = i + from;
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
  };
  listed = { squares, item, page: 0, from };
  showPage(Number.isInteger(current) ? Math.floor(current / LIST_PAGE) : 0);
}

/** Moves the "knight is here" mark of the list to item `k` (showing its page). */
export function markCurrent(k) {
  const ol = list();
  const old = ol.querySelector('[aria-current]');
  if (old) old.removeAttribute('aria-current');
  if (Math.floor(k / LIST_PAGE) !== listed.page && k < listed.squares.length) showPage(Math.floor(k / LIST_PAGE));
  const item = ol.querySelector(`li[value="${k + listed.from}"]:not(.list-more)`);
  if (item) {
    item.setAttribute('aria-current', 'step');
    const box = ol.getBoundingClientRect();
    const at = item.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) {
      // The row in the middle, with whole rows above it: none cut in half
      // at the top.
      const above = Math.floor(box.height / at.height / 2) * at.height;
      ol.scrollTop += at.top - box.top - above;
    }
  }
}

/** Empties the answer. */
export function clearAnswer() {
  say('');
  listed = { squares: [], item: null, page: 0, from: 0 };
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
    // Under the form: the detail says in words what was wrong; the API's
    // parameter names are not the page's.
    slot = form.querySelector('.error[data-for="*"]');
  }
  slot.textContent = text;
  if (problem.code) slot.dataset.code = problem.code;
  return slot;
}
