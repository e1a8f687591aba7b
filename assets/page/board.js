// The board on the page is the server's own SVG picture, inserted as it is.
// The page adds only interaction: each square of the picture carries
// data-square="<name>", which becomes a focusable button (arrow keys move
// between squares, Enter or Space picks one), and page classes mark squares
// (is-from, is-to, is-move, is-knight). A picture without data-square is
// still clickable: the clicked point is turned into a square through the
// picture's own coordinates (one unit a square, rank 1 at the bottom).
//
// Every word of a picture is shown at least MIN_TEXT_PX pixels high. A
// picture whose smallest words would be smaller at the width there is (a
// board of a thousand files on a phone) is shown zoomed until they are not,
// in a frame that pans, under an overview of the whole picture (its words
// left out) with the frame's part outlined: a click on the overview moves
// the frame there. A square marked on a board drawn as one pattern (no
// square of its own) gets a ring of a fixed size on screen, so that the
// knight's step or a path's end is seen at any scale, and the frame is
// moved to it.

import { parseSquare, squareName } from './squares.js';

/** The smallest a word of a picture is shown, in CSS pixels. */
export const MIN_TEXT_PX = 11;

/** A ring's radius and line, in CSS pixels, whatever the scale. */
const RING_PX = 10;
const RING_LINE_PX = 3;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A close-up's squares a side, and the moves it draws either side of a step (Board.trace). */
const CLOSE = 16;
const TRACED = 20;

/** The marks ringed on a board drawn as one pattern: a few squares each (not every square played). */
const RINGED = new Set(['is-knight', 'is-from', 'is-to', 'is-hint', 'is-move']);

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
    this.frame = null;
    this.overview = null;
    this.rings = new Map();
    this.words = null;
    this.lower = null;
    this.original = null;
    this.hiddenSquares = new Map();
    this.traced = null;
    this.closeup = null;
    container.addEventListener('click', (event) => this.click(event));
    container.addEventListener('keydown', (event) => this.key(event));
    // Fitted again when the space there is changes (a phone turned, the
    // window resized); not for changes of its own making.
    this.fittedWidth = 0;
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        const width = this.container.clientWidth;
        if (this.svg && Math.abs(width - this.fittedWidth) > 1) this.fit();
      }).observe(container);
    }
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
    const frame = document.createElement('div');
    frame.className = 'board-frame';
    frame.append(svg);
    this.container.replaceChildren(frame);
    this.frame = frame;
    this.overview = null;
    this.rings = new Map();
    this.words = null;
    this.lower = null;
    this.original = null;
    this.hiddenSquares = new Map();
    this.traced = null;
    this.closeup = null;
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
    this.fit();
    return svg;
  }

  /**
   * Shows the picture as large as the space there is, or, when its
   * smallest words would then be under MIN_TEXT_PX, zoomed until they are
   * not, panned in its frame, under an overview. A zoomed picture shows
   * its board alone in the frame: its caption and legend are written
   * under the frame as the page's own words (read from the picture's
   * text, wrapping to the width there is), and what is drawn between the
   * board and the caption (the squares around a path's ends) is shown
   * under the frame as a picture of its own.
   */
  fit() {
    const svg = this.svg;
    if (!svg) return;
    this.fittedWidth = this.container.clientWidth;
    this.unsplit();
    svg.style.removeProperty('width');
    this.container.classList.remove('zoomed');
    if (this.overview) this.overview.remove();
    this.overview = null;
    if (!(smallestText(svg) < MIN_TEXT_PX - 0.01)) return;
    const box = svg.viewBox && svg.viewBox.baseVal;
    if (!box || !(box.width > 0)) return;
    this.split();
    // Pixels a unit now (the picture may be letterboxed in its box), and
    // the width that makes the smallest words left in it MIN_TEXT_PX.
    const matrix = svg.getScreenCTM();
    const smallest = smallestText(svg);
    if (!matrix) return;
    const unit = Math.hypot(matrix.a, matrix.b);
    let zoom = 1;
    if (smallest !== null && smallest < MIN_TEXT_PX - 0.01) {
      this.container.classList.add('zoomed');
      zoom = MIN_TEXT_PX / smallest;
      svg.style.setProperty('width', `${Math.ceil(svg.viewBox.baseVal.width * unit * zoom) + 1}px`);
      this.addOverview();
    }
    if (this.lower) this.fitLower(unit * zoom);
    for (const [name, cls] of this.rings) this.drawRing(name, cls);
    this.drawTrace();
    this.reveal();
  }

  /**
   * Takes the caption and legend out of the picture (hidden in it, and
   * written as the page's words under the frame), and what lies between
   * the board and them into a picture of its own; the picture is cropped
   * to its board and labels.
   */
  split() {
    const svg = this.svg;
    const parts = pictureParts(svg);
    if (!parts) return;
    const box = svg.viewBox.baseVal;
    this.original = {
      viewBox: svg.getAttribute('viewBox'),
      width: svg.getAttribute('width'),
      height: svg.getAttribute('height'),
    };
    const words = document.createElement('div');
    words.className = 'board-words';
    words.append(...captionLines(parts.caption));
    if (parts.legend) words.append(legendList(parts.legend));
    let bottom = parts.wordsTop;
    if (parts.lower.length > 0) {
      bottom = parts.boardBottom;
      this.lower = this.lowerPicture(parts, box);
    }
    for (const el of [parts.caption, parts.legend, ...parts.lower]) if (el) el.classList.add('page-moved');
    const height = bottom - box.y;
    svg.setAttribute('viewBox', `${box.x} ${box.y} ${box.width} ${height}`);
    // Drawn at the picture's own scale, as the server sized it.
    const scale = Number(this.original.width) / box.width;
    if (scale > 0) svg.setAttribute('height', String(Math.round(height * scale)));
    this.frame.after(words);
    if (this.lower) this.frame.after(this.lower.el);
    this.words = words;
  }

  /**
   * The part of the picture between its board and its caption (the
   * squares around a path's ends), copied into pictures of their own, one
   * for each thing drawn side by side there (so that they wrap on a
   * narrow screen); their squares become the board's buttons for them
   * (with their marks).
   */
  lowerPicture(parts, box) {
    const children = [...this.svg.children];
    const groups = [];
    for (const el of parts.lower) {
      const b = el.getBBox();
      const near = groups.find((g) => b.x <= g.x1 && b.x + b.width >= g.x0);
      if (near) {
        near.members.push(children.indexOf(el));
        [near.x0, near.x1] = [Math.min(near.x0, b.x), Math.max(near.x1, b.x + b.width)];
      } else groups.push({ x0: b.x, x1: b.x + b.width, members: [children.indexOf(el)] });
    }
    const top = parts.lowerTop;
    const height = parts.wordsTop - top;
    const scale = Number(this.svg.getAttribute('width')) / box.width;
    const el = document.createElement('div');
    el.className = 'board-lower';
    const pictures = [];
    for (const group of groups.sort((g, h) => g.x0 - h.x0)) {
      const keep = new Set(group.members);
      const copy = this.svg.cloneNode(true);
      [...copy.children].forEach((child, i) => {
        if (!keep.has(i) && child.localName !== 'title' && child.localName !== 'defs') child.remove();
      });
      const pad = (parts.wordsTop - parts.lowerTop) * 0.02;
      const width = group.x1 - group.x0 + 2 * pad;
      copy.setAttribute('viewBox', `${group.x0 - pad} ${top} ${width} ${height}`);
      if (scale > 0) {
        copy.setAttribute('width', String(Math.round(width * scale)));
        copy.setAttribute('height', String(Math.round(height * scale)));
      }
      copy.removeAttribute('style');
      copy.setAttribute('class', 'board-lower-svg');
      for (const square of copy.querySelectorAll('[data-square]')) {
        const name = square.getAttribute('data-square').toLowerCase();
        const original = this.squares.get(name);
        if (original && original.closest('svg') === this.svg && original.closest('[data-view]') === null) {
          this.hiddenSquares.set(name, original);
          this.squares.set(name, square);
          for (const attr of ['tabindex', 'role', 'aria-label']) original.removeAttribute(attr);
          original.setAttribute('aria-hidden', 'true');
        }
      }
      el.append(copy);
      pictures.push({ svg: copy, width });
    }
    return { el, pictures };
  }

  /** Each lower picture at the board's zoom (`unit` pixels a unit), or larger if its words need it. */
  fitLower(unit) {
    for (const { svg, width } of this.lower.pictures) {
      svg.style.setProperty('width', `${Math.ceil(width * unit) + 1}px`);
      const smallest = smallestText(svg);
      if (smallest !== null && smallest < MIN_TEXT_PX - 0.01) {
        svg.style.setProperty('width', `${Math.ceil((width * unit * MIN_TEXT_PX) / smallest) + 1}px`);
      }
    }
  }

  /** Puts the picture back as the server drew it (its caption, legend and lower part in it). */
  unsplit() {
    for (const [name, original] of this.hiddenSquares) {
      const shown = this.squares.get(name);
      if (shown && shown !== original) {
        original.setAttribute('class', shown.getAttribute('class') || '');
        original.setAttribute('tabindex', shown.getAttribute('tabindex') || '-1');
      }
      original.setAttribute('role', 'button');
      original.setAttribute('aria-label', name);
      original.removeAttribute('aria-hidden');
      this.squares.set(name, original);
    }
    this.hiddenSquares = new Map();
    if (this.words) this.words.remove();
    if (this.lower) this.lower.el.remove();
    this.words = null;
    this.lower = null;
    if (!this.original) return;
    for (const el of this.svg.querySelectorAll('.page-moved')) el.classList.remove('page-moved');
    for (const [attr, value] of Object.entries(this.original)) {
      if (value === null) this.svg.removeAttribute(attr);
      else this.svg.setAttribute(attr, value);
    }
    this.original = null;
  }

  /** The whole picture, small and without its words, over the zoomed frame. */
  addOverview() {
    const copy = this.svg.cloneNode(true);
    for (const el of copy.querySelectorAll('[data-square], [tabindex], [id]')) {
      for (const attr of ['data-square', 'tabindex', 'role', 'aria-label', 'id']) el.removeAttribute(attr);
    }
    copy.removeAttribute('style');
    copy.setAttribute('class', 'board-overview-svg');
    copy.setAttribute('aria-hidden', 'true');
    const overview = document.createElement('div');
    overview.className = 'board-overview';
    const part = document.createElement('div');
    part.className = 'board-window';
    overview.append(copy, part);
    overview.addEventListener('click', (event) => {
      event.stopPropagation();
      const r = copy.getBoundingClientRect();
      this.centreOn((event.clientX - r.left) / r.width, (event.clientY - r.top) / r.height);
    });
    this.container.prepend(overview);
    this.overview = overview;
    this.frame.onscroll = () => this.outline();
    this.outline();
  }

  /** Outlines on the overview the part of the picture the frame shows. */
  outline() {
    if (!this.overview) return;
    const copy = this.overview.querySelector('svg');
    const box = this.overview.querySelector('.board-window');
    const [big, small] = [this.svg.getBoundingClientRect(), copy.getBoundingClientRect()];
    if (!(big.width > 0 && small.width > 0)) return;
    const k = small.width / big.width;
    const f = this.frame;
    const o = this.overview.getBoundingClientRect();
    box.style.setProperty('left', `${small.left - o.left + f.scrollLeft * k}px`);
    box.style.setProperty('top', `${small.top - o.top + f.scrollTop * k}px`);
    box.style.setProperty('width', `${Math.min(f.clientWidth, big.width) * k}px`);
    box.style.setProperty('height', `${Math.min(f.clientHeight, big.height) * k}px`);
  }

  /** Scrolls the frame so that the point at (`fx`, `fy`) of the picture (fractions of it) is in its middle. */
  centreOn(fx, fy) {
    const f = this.frame;
    const r = this.svg.getBoundingClientRect();
    f.scrollLeft = fx * r.width - f.clientWidth / 2;
    f.scrollTop = fy * r.height - f.clientHeight / 2;
    this.outline();
  }

  /** Moves the zoomed frame to the square marked last (the knight, else a path's start). */
  reveal() {
    if (!this.container.classList.contains('zoomed')) return;
    const marked = ['.page-ring.is-knight', '.is-knight', '.page-ring.is-from', '.is-from']
      .map((sel) => this.svg.querySelector(sel)).find((el) => el && el.getClientRects().length > 0);
    if (!marked) return;
    const r = marked.getBoundingClientRect();
    const whole = this.svg.getBoundingClientRect();
    this.centreOn((r.left + r.width / 2 - whole.left) / whole.width, (r.top + r.height / 2 - whole.top) / whole.height);
  }

  /** Empties the board, e.g. when the question has no picture. */
  clear() {
    this.traced = null;
    this.container.replaceChildren();
    this.container.classList.remove('zoomed');
    this.svg = null;
    this.frame = null;
    this.overview = null;
    this.rings = new Map();
    this.words = null;
    this.lower = null;
    this.original = null;
    this.hiddenSquares = new Map();
    this.squares = new Map();
  }

  /** True when the picture names its squares (data-square). */
  get named() {
    return this.squares.size > 0;
  }

  /**
   * Adds a page class to the named squares: those drawn, or, on a board
   * drawn as one pattern, a ring around the square.
   */
  mark(names, cls) {
    for (const name of names) {
      const key = String(name).toLowerCase();
      const el = this.squares.get(key);
      if (el) el.classList.add(cls);
      // A square drawn under the board (around a path's end) is ringed on
      // the board too, where the zoomed frame is.
      if ((!el || !this.svg.contains(el)) && (this.byView || !this.named) && RINGED.has(cls)) {
        this.rings.set(key, cls);
        this.drawRing(key, cls);
      }
    }
    this.reveal();
  }

  /** Removes a page class from every square (and its rings). */
  unmark(cls) {
    if (!this.svg) return;
    for (const el of this.svg.querySelectorAll(`.${cls}`)) el.classList.remove(cls);
    for (const [name, c] of [...this.rings]) if (c === cls) this.rings.delete(name);
    for (const el of this.container.querySelectorAll(`.page-ring.${cls}`)) el.remove();
  }

  /** The ring of a marked square `name` on each picture shown (the zoomed one and its overview). */
  drawRing(name, cls) {
    for (const el of this.container.querySelectorAll(`.page-ring.${cls}`)) {
      if (el.dataset.ring === name) el.remove();
    }
    const at = this.centreOf(name);
    if (!at) return;
    for (const svg of this.container.querySelectorAll('.board-svg, .board-overview-svg')) {
      const matrix = svg.getScreenCTM();
      const unit = matrix ? 1 / Math.hypot(matrix.a, matrix.b) : 0.05;
      const ring = document.createElementNS(SVG_NS, 'circle');
      ring.setAttribute('class', `page-ring ${cls}`);
      ring.dataset.ring = name;
      ring.setAttribute('cx', String(at.x));
      ring.setAttribute('cy', String(at.y));
      ring.setAttribute('r', String(Math.max(RING_PX * unit, 0.6)));
      ring.setAttribute('stroke-width', String(RING_LINE_PX * unit));
      ring.setAttribute('aria-hidden', 'true');
      svg.append(ring);
    }
  }

  /**
   * On a board drawn as one pattern and zoomed (a tour of a million
   * squares, whose picture draws every 16th square of its path, too small
   * to follow), a close-up under the frame: the CLOSE × CLOSE squares
   * around step `at` of `names` (a path's squares), drawn by the page
   * square by square with their checks and names, and the moves TRACED
   * either side of the step: those played solid, those to come dashed,
   * the knight on its square. So the way the knight goes is seen as a path.
   */
  trace(names, at) {
    this.traced = names && names.length > 1 ? { names, at } : null;
    this.drawTrace();
  }

  drawTrace() {
    if (this.closeup) this.closeup.remove();
    this.closeup = null;
    if (!(this.traced && this.svg && this.byView && this.container.classList.contains('zoomed'))) return;
    const { names, at } = this.traced;
    const here = parseSquare(names[at], this.width, this.height);
    if (!here) return;
    const n = Math.min(CLOSE, this.width, this.height);
    const left = Math.min(Math.max(here.file - Math.floor(n / 2), 0), this.width - n);
    const bottom = Math.min(Math.max(here.rank - Math.floor(n / 2), 0), this.height - n);
    // One unit a square, the top rank first; a margin for the names.
    const y = (rank) => bottom + n - 1 - rank;
    const x = (file) => file - left;
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('class', 'board-closeup-svg');
    svg.setAttribute('viewBox', `-1.2 0 ${n + 1.2} ${n + 1}`);
    svg.setAttribute('font-family', 'sans-serif');
    const add = (parent, tag, attrs, text) => {
      const el = document.createElementNS(SVG_NS, tag);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
      if (text !== undefined) el.textContent = text;
      parent.append(el);
      return el;
    };
    const squares = add(svg, 'g', {});
    for (let f = left; f < left + n; f += 1) {
      for (let r = bottom; r < bottom + n; r += 1) {
        add(squares, 'rect', { x: x(f), y: y(r), width: 1, height: 1, fill: (f + r) % 2 === 0 ? '#b58863' : '#f0d9b5' });
      }
    }
    const labels = add(svg, 'g', { 'font-size': 0.56, fill: '#555' });
    for (let f = left; f < left + n; f += 1) {
      add(labels, 'text', { x: x(f) + 0.5, y: n + 0.7, 'text-anchor': 'middle' }, squareName(f, 0).replace(/\d+$/, ''));
    }
    for (let r = bottom; r < bottom + n; r += 1) {
      add(labels, 'text', { x: -0.15, y: y(r) + 0.68, 'text-anchor': 'end' }, String(r + 1));
    }
    const line = (from, to) => {
      let d = '';
      for (let i = Math.max(from, 0); i <= Math.min(to, names.length - 1); i += 1) {
        const c = parseSquare(names[i], this.width, this.height);
        if (!c) continue;
        d += `${d ? 'L' : 'M'}${x(c.file) + 0.5} ${y(c.rank) + 0.5}`;
      }
      return d;
    };
    add(svg, 'path', { class: 'page-trace is-ahead', d: line(at, at + TRACED), 'stroke-width': 0.07, 'stroke-dasharray': '0.2 0.15' });
    add(svg, 'path', { class: 'page-trace is-behind', d: line(at - TRACED, at), 'stroke-width': 0.12 });
    add(svg, 'circle', { class: 'page-closeup-knight', cx: x(here.file) + 0.5, cy: y(here.rank) + 0.5, r: 0.36, 'stroke-width': 0.1 });
    const box = document.createElement('figure');
    box.className = 'board-closeup';
    const caption = document.createElement('figcaption');
    caption.textContent = `Close up: the ${n}×${n} squares around ${names[at]}, with the ${TRACED} moves before it (solid) and after it (dashed).`;
    box.append(svg, caption);
    if (this.words) this.words.before(box);
    else this.frame.after(box);
    this.closeup = box;
  }

  /** The centre of square `name` in the picture's units, when the picture is a board of it. */
  centreOf(name) {
    const view = this.svg.querySelector('[data-view]');
    const [left, bottom, files, ranks] = view
      ? view.getAttribute('data-view').split(' ').map(Number)
      : [0, 0, this.width, this.height];
    const at = parseSquare(name, this.width, this.height);
    if (!at) return null;
    const [x, y] = [at.file - left, bottom + ranks - 1 - at.rank];
    if (x < 0 || y < 0 || x >= files || y >= ranks) return null;
    return { x: x + 0.5, y: y + 0.5 };
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
    if (!this.svg || !this.pickable || (this.overview && this.overview.contains(event.target))) return;
    const el = event.target.closest ? event.target.closest('[data-square]') : null;
    if (el) {
      this.pick(el.getAttribute('data-square').toLowerCase());
    } else if ((!this.named || this.byView) && !(this.lower && this.lower.el.contains(event.target)) &&
      !(this.closeup && this.closeup.contains(event.target))) {
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
    if (this.overview && this.overview.contains(document.elementFromPoint(clientX, clientY))) return null;
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

/**
 * The parts of a picture the server drew (board, then what is drawn under
 * it, then the caption and legend): the caption (a group of lines, the
 * first bold), the legend after it (a group of swatches and words), the
 * root's elements drawn between the board's labels and the caption, and
 * where the board's labels end and the caption begins, in the picture's
 * units; null when the picture has no caption.
 */
function pictureParts(svg) {
  const children = [...svg.children];
  const caption = children.filter((g) => g.localName === 'g' && g.children.length > 0 &&
    [...g.children].every((el) => el.localName === 'text') &&
    g.firstElementChild.getAttribute('font-weight') === 'bold').pop();
  if (!caption) return null;
  const next = caption.nextElementSibling;
  const legend = next && next.localName === 'g' && next.querySelector('text') ? next : null;
  const wordsTop = caption.getBBox().y;
  // The board's labels: files under it (anchored in the middle), ranks beside.
  const labels = children.find((g) => g.localName === 'g' && g.querySelector(':scope > g[text-anchor="middle"]') &&
    g.querySelector(':scope > g[text-anchor="end"]'));
  const board = svg.querySelector('[data-view]');
  const pad = (parseFloat(caption.firstElementChild.getAttribute('font-size')) || 0) * 0.5;
  let [boardBottom, lowerTop, lower] = [wordsTop, wordsTop, []];
  if (labels || board) {
    const boxes = [labels, board].filter(Boolean).map((el) => el.getBBox());
    const drawn = Math.max(...boxes.map((b) => b.y + b.height));
    const upTo = children.indexOf(caption);
    lower = children.slice(0, upTo).filter((el) => {
      if (el.localName === 'title' || el.localName === 'defs' || el.classList.contains('page-ring')) return false;
      const b = el.getBBox();
      return b.height > 0 && b.y >= drawn - 0.01;
    });
    if (lower.length > 0) {
      boardBottom = drawn + pad;
      lowerTop = Math.min(...lower.map((el) => el.getBBox().y)) - pad;
    }
  }
  return { caption, legend, lower, wordsTop: wordsTop - pad * 0.5, boardBottom, lowerTop };
}

/** A caption's lines as the page's paragraphs: the first bold, the notes (smaller in the picture) muted. */
function captionLines(caption) {
  const texts = [...caption.children];
  const size = (t) => parseFloat(t.getAttribute('font-size')) || 0;
  const main = size(texts[0]);
  // A note the picture wrapped over lines is one paragraph here: a line
  // goes on the one before unless that one ends a sentence.
  const lines = [];
  texts.forEach((t, i) => {
    const kind = i === 0 ? 'board-caption' : size(t) < main - 0.01 ? 'board-note' : 'board-line';
    const last = lines[lines.length - 1];
    if (i > 0 && last && last.className === kind && !/[.:!?]$/.test(last.textContent.trim())) {
      last.textContent += ` ${t.textContent.trim()}`;
      return;
    }
    const p = document.createElement('p');
    p.className = kind;
    p.textContent = t.textContent.trim();
    lines.push(p);
  });
  return lines;
}

/** A legend's entries as a list: each swatch drawn as the picture draws it, then its words. */
function legendList(legend) {
  const list = document.createElement('ul');
  list.className = 'board-legend';
  let shapes = [];
  for (const el of legend.children) {
    if (el.localName !== 'text') {
      shapes.push(el);
      continue;
    }
    const item = document.createElement('li');
    if (shapes.length > 0) {
      // A box as high as the legend's words, around the swatch's middle.
      const size = parseFloat(legend.getAttribute('font-size')) || 1;
      const boxes = shapes.map((s) => s.getBBox());
      const [x0, y0] = [Math.min(...boxes.map((b) => b.x)), Math.min(...boxes.map((b) => b.y))];
      const [x1, y1] = [Math.max(...boxes.map((b) => b.x + b.width)), Math.max(...boxes.map((b) => b.y + b.height))];
      const [pad, high] = [size * 0.2, size * 1.4];
      const swatch = document.createElementNS(SVG_NS, 'svg');
      swatch.setAttribute('class', 'board-swatch');
      swatch.setAttribute('viewBox', `${x0 - pad} ${(y0 + y1 - high) / 2} ${x1 - x0 + 2 * pad} ${high}`);
      swatch.setAttribute('aria-hidden', 'true');
      if (legend.getAttribute('fill')) swatch.setAttribute('fill', legend.getAttribute('fill'));
      for (const s of shapes) swatch.append(s.cloneNode(true));
      item.append(swatch);
    }
    const words = document.createElement('span');
    words.textContent = el.textContent;
    item.append(words);
    list.append(item);
    shapes = [];
  }
  return list;
}

/** The smallest of the picture's words as shown now, in CSS pixels; null when it shows none. */
export function smallestText(svg) {
  let smallest = null;
  for (const text of svg.querySelectorAll('text')) {
    const style = getComputedStyle(text);
    if (!text.getClientRects().length || style.visibility === 'hidden' || !text.textContent.trim()) continue;
    const matrix = text.getScreenCTM();
    if (!matrix) continue;
    const px = parseFloat(style.fontSize) * Math.hypot(matrix.a, matrix.b);
    if (px > 0 && (smallest === null || px < smallest)) smallest = px;
  }
  return smallest;
}

/**
 * A picture's numbered points (the server numbers a path's points by move,
 * from 0) numbered from 1, as the Tour tab numbers a tour's squares (and a
 * puzzle its steps).
 */
export function numberFromOne(picture) {
  if (!picture) return;
  for (const text of picture.querySelectorAll('g[data-step] > text')) {
    if (/^\d+$/.test(text.textContent)) text.textContent = String(Number(text.textContent) + 1);
  }
}
