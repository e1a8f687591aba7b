// Square names as the API writes them: files in bijective base 26
// (a..z, aa, ab, ...), ranks from 1. Only used to move between squares
// with the keyboard, to paint terrain rows, and to name a clicked point of
// a picture that carries no data-square attributes.

/** The letters of a 0-based file: 0 → "a", 25 → "z", 26 → "aa". */
export function fileName(file) {
  let n = file + 1;
  let name = '';
  while (n > 0) {
    n -= 1;
    name = String.fromCharCode(97 + (n % 26)) + name;
    n = Math.floor(n / 26);
  }
  return name;
}

/** The name of the square on a 0-based file and rank: (6, 1) → "g2". */
export function squareName(file, rank) {
  return fileName(file) + String(rank + 1);
}

/**
 * The 0-based file and rank of a square written as a name ("g2") or an
 * index ("14"), or null when it is neither or is off the board.
 */
export function parseSquare(text, width, height) {
  const s = String(text).trim().toLowerCase();
  let file;
  let rank;
  if (/^\d+$/.test(s)) {
    const index = Number(s);
    if (!Number.isSafeInteger(index)) return null;
    file = index % width;
    rank = Math.floor(index / width);
  } else {
    const m = /^([a-z]+)(\d+)$/.exec(s);
    if (!m) return null;
    file = 0;
    for (const c of m[1]) file = file * 26 + (c.charCodeAt(0) - 96);
    file -= 1;
    rank = Number(m[2]) - 1;
  }
  if (file < 0 || rank < 0 || file >= width || rank >= height) return null;
  return { file, rank };
}

/** The squares of a typed list: "b6, d5 f6" → ["b6", "d5", "f6"]. */
export function splitSquares(text) {
  return String(text).split(/[\s,;]+/).filter((s) => s !== '');
}
