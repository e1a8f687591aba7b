// The board on the page is the server's own SVG picture, inserted as it is.
// The page adds only interaction: each square of the picture carries
// data-square="<name>", which becomes a focusable button (arrow keys move
// between squares, Enter or Space picks one), and page classes mark squares
// (is-from, is-to, is-move, is-knight). A picture without data-square is
// still clickable: the clicked point is turned into a square through the
// picture's own coordinates (one unit a square, rank 1 at the bottom).

import { parseSquare, squareName } from './squares.js';

const KEYS = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

export class Board {
  /** `onPick(name)` is called with the name of each square picked. */
  constructor(container, onPick) {
    this.container = container;
    this.onPick = onPick;
    this.svg = null;
    this.squares = new Map();
    this.width = 8;
    this.height = 8;
    this.pickable = true;
    container.addEventListener('click', (event) => this.click(event));
    container.addEventListener('keydown', (event) => this.key(event));
  }

  /** Shows an SVG answer of the API for a board of `width` × `height` squares. */
  show(svgText, width, height) {
    const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    const root = doc.documentElement;
    if (root.namespaceURI !== 'http://www.w3.org/2000/svg' || doc.querySelector('parsererror')) {
      throw new Error('The server sent a picture the browser could not read.');
    }
    for (const unwanted of root.querySelectorAll('script, foreignObject')) unwanted.remove();
    const focused = this.focusedSquare();
    const svg = document.importNode(root, true);
    svg.classList.add('board-svg');
    // Its width in squares (a unit a square), for a phone to draw it large
    // enough to tap (style.css); set through the CSSOM, which the page's
    // Content-Security-Policy allows.
    const box = svg.viewBox && svg.viewBox.baseVal;
    if (box && box.width > 0) svg.style.setProperty('--board-units', String(box.width));
    this.container.replaceChildren(svg);
    this.svg = svg;
    this.width = Number(width);
    this.height = Number(height);
    this.squares = new Map();
    for (const el of svg.querySelectorAll('[data-square]')) {
      const name = el.getAttribute('data-square').toLowerCase();
      // A square drawn twice (a shade over the board's square, as the
      // distance maps draw them): the one on top is the square's button.
      const under = this.squares.get(name);
      if (under) {
        for (const attr of ['tabindex', 'role', 'aria-label']) under.removeAttribute(attr);
        under.setAttribute('aria-hidden', 'true');
      }
      this.squares.set(name, el);
      el.setAttribute('tabindex', '-1');
      el.setAttribute('role', 'button');
      el.setAttribute('aria-label', name);
    }
    // A patterned board (data-view) is named by the point clicked, even
    // when some squares are drawn on their own (a path's ends, magnified).
    this.byView = svg.querySelector('[data-view]') !== null;
    this.container.classList.toggle('has-squares', this.squares.size > 0 && !this.byView);
    this.container.classList.toggle('by-coordinates', this.squares.size === 0 || this.byView);
    if (this.squares.size > 0) {
      const first = this.squares.get(focused) || this.squares.values().next().value;
      first.setAttribute('tabindex', '0');
      if (focused && this.squares.has(focused)) first.focus();
    }
    return svg;
  }

  /** Empties the board, e.g. when the question has no picture. */
  clear() {
    this.container.replaceChildren();
    this.svg = null;
    this.squares = new Map();
  }

  /** True when the picture names its squares (data-square). */
  get named() {
    return this.squares.size > 0;
  }

  /** Adds a page class to the named squares (those drawn). */
  mark(names, cls) {
    for (const name of names) {
      const el = this.squares.get(String(name).toLowerCase());
      if (el) el.classList.add(cls);
    }
  }

  /** Removes a page class from every square. */
  unmark(cls) {
    if (!this.svg) return;
    for (const el of this.svg.querySelectorAll(`.${cls}`)) el.classList.remove(cls);
  }

  /**
   * Shows a path drawn up to step `k` of `last` when the picture numbers its
   * steps (data-step on each step's marker and segment); false when it does not.
   */
  showStep(k, last) {
    if (!this.svg) return false;
    const steps = this.svg.querySelectorAll('[data-step]');
    if (steps.length === 0) return false;
    for (const el of steps) {
      el.classList.toggle('step-hidden', k < last && Number(el.getAttribute('data-step')) > k);
    }
    return true;
  }

  focusedSquare() {
    const active = document.activeElement;
    if (active && this.container.contains(active) && active.hasAttribute('data-square')) {
      return active.getAttribute('data-square').toLowerCase();
    }
    return null;
  }

  click(event) {
    if (!this.svg || !this.pickable) return;
    const el = event.target.closest ? event.target.closest('[data-square]') : null;
    if (el) {
      this.pick(el.getAttribute('data-square').toLowerCase());
    } else if (!this.named || this.byView) {
      const name = this.squareAt(event.clientX, event.clientY);
      if (name) this.pick(name);
    }
  }

  pick(name) {
    const el = this.squares.get(name);
    if (el) this.rove(el);
    this.onPick(name);
  }

  rove(el) {
    for (const other of this.svg.querySelectorAll('[data-square][tabindex="0"]')) {
      other.setAttribute('tabindex', '-1');
    }
    el.setAttribute('tabindex', '0');
  }

  key(event) {
    const el = event.target;
    if (!this.svg || !el.hasAttribute || !el.hasAttribute('data-square')) return;
    const name = el.getAttribute('data-square').toLowerCase();
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (this.pickable) this.pick(name);
      return;
    }
    const step = KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    const at = parseSquare(name, this.width, this.height);
    if (!at) return;
    const next = this.squares.get(squareName(at.file + step[0], at.rank + step[1]));
    if (next) {
      this.rove(next);
      next.focus();
    }
  }

  /**
   * The square under a point of the screen, for a picture without
   * data-square: the board is drawn one unit a square from (0, 0), the
   * highest rank at the top.
   */
  squareAt(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    // A board drawn as one pattern says which part of the board it shows:
    // data-view="<first file> <first rank> <files> <ranks>", 0-based.
    const view = this.svg.querySelector('[data-view]');
    const [left, bottom, files, ranks] = view
      ? view.getAttribute('data-view').split(' ').map(Number)
      : [0, 0, this.width, this.height];
    const column = Math.floor(point.x);
    const row = Math.floor(point.y);
    if (!(column >= 0 && row >= 0 && column < files && row < ranks)) return null;
    return squareName(left + column, bottom + ranks - 1 - row);
  }
}
