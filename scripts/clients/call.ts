// Calls every operation of knightd through the TypeScript client openapi-
// generator generated (typescript-fetch, scripts/clients.sh), and checks each
// answer against the references below, worked out without knightd (the same
// as scripts/clients/reference.py).
//
//   node call.js BASE_URL SERVED_OPENAPI_YAML OPERATION_IDS_JSON
//
// This generator reads a JSON answer into its model and a string answer as
// JSON or text by its Content-Type. A picture, whose operation also answers
// JSON, is read through the generated `*Raw` method, whose `raw` is the
// fetch Response, unread. Fails when an answer is wrong or an operation of
// the document was not called.
import {
  Configuration,
  Format,
  OperationsApi,
  PageApi,
  PlainApi,
  ResponseError,
  TerrainApi,
  TourMethod,
} from "./index";

declare const process: { argv: string[]; exit(code: number): never };
declare function require(name: string): any;
const fs = require("fs");

type Sq = number | string;

function fileOf(letters: string): number {
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 96);
  return n - 1;
}

function square(s: Sq, width: number): [number, number] {
  if (typeof s === "number" || /^[0-9]+$/.test(s)) {
    const i = Number(s);
    return [i % width, Math.floor(i / width)];
  }
  const letters = s.replace(/[0-9]+$/, "");
  return [fileOf(letters), Number(s.slice(letters.length)) - 1];
}

function fileName(file: number): string {
  let letters = "";
  for (file += 1; file > 0; file = Math.floor((file - 1) / 26)) {
    letters = String.fromCharCode(97 + ((file - 1) % 26)) + letters;
  }
  return letters;
}

const JUMPS = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

function isKnightMove(a: [number, number], b: [number, number]): boolean {
  const d = [Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])].sort().join();
  return d === "1,2";
}

function movesFrom(s: Sq, width: number, height: number): number[] {
  const [f, r] = square(s, width);
  return JUMPS.filter(([df, dr]) => f + df >= 0 && f + df < width && r + dr >= 0 && r + dr < height)
    .map(([df, dr]) => (r + dr) * width + f + df)
    .sort((a, b) => a - b);
}

/** Knight's tours by depth-first enumeration of every directed path
 * through all squares: open ones counted once whichever way walked, or
 * with `start` those walked from it (small boards only). */
function countTours(width: number, height: number, start?: Sq): number {
  const n = width * height;
  const near = Array.from({ length: n }, (_, i) => movesFrom(i, width, height));
  let directed = 0;
  const walk = (at: number, seen: boolean[], depth: number): void => {
    if (depth === n) {
      directed += 1;
      return;
    }
    for (const next of near[at]) {
      if (!seen[next]) {
        seen[next] = true;
        walk(next, seen, depth + 1);
        seen[next] = false;
      }
    }
  };
  const firsts = start === undefined ? [...Array(n).keys()] : [square(start, width)[1] * width + square(start, width)[0]];
  for (const first of firsts) {
    const seen = new Array<boolean>(n).fill(false);
    seen[first] = true;
    walk(first, seen, 1);
  }
  return start === undefined ? directed / 2 : directed;
}

/** Breadth-first search from a: each square's distance and number of
 * shortest paths, keyed by "f,r". */
function bfsFrom(a: Sq, width: number, height: number): { dist: Map<string, number>; ways: Map<string, number> } {
  const start = square(a, width);
  const dist = new Map<string, number>([[start.join(), 0]]);
  const ways = new Map<string, number>([[start.join(), 1]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const [f, r] = queue[i];
    const d = dist.get([f, r].join())!;
    for (const [df, dr] of JUMPS) {
      const n: [number, number] = [f + df, r + dr];
      if (n[0] < 0 || n[0] >= width || n[1] < 0 || n[1] >= height) continue;
      if (!dist.has(n.join())) {
        dist.set(n.join(), d + 1);
        ways.set(n.join(), ways.get([f, r].join())!);
        queue.push(n);
      } else if (dist.get(n.join()) === d + 1) {
        ways.set(n.join(), ways.get(n.join())! + ways.get([f, r].join())!);
      }
    }
  }
  return { dist, ways };
}

/** The distance map of the whole board, highest rank first, as text. */
function distanceRows(a: Sq, width: number, height: number): string {
  const { dist } = bfsFrom(a, width, height);
  const rows: (number | null)[][] = [];
  for (let r = height - 1; r >= 0; r--) {
    const row: (number | null)[] = [];
    for (let f = 0; f < width; f++) row.push(dist.get([f, r].join()) ?? null);
    rows.push(row);
  }
  return JSON.stringify(rows);
}

/** Fewest knight moves by breadth-first search; null if unreachable. */
function distance(a: Sq, b: Sq, width: number, height: number): number | null {
  const start = square(a, width);
  const goal = square(b, width).join();
  const seen = new Map<string, number>([[start.join(), 0]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const [f, r] = queue[i];
    const d = seen.get([f, r].join())!;
    if ([f, r].join() === goal) return d;
    for (const [df, dr] of JUMPS) {
      const n: [number, number] = [f + df, r + dr];
      if (n[0] >= 0 && n[0] < width && n[1] >= 0 && n[1] < height && !seen.has(n.join())) {
        seen.set(n.join(), d + 1);
        queue.push(n);
      }
    }
  }
  return null;
}

function check(ok: boolean, what: string, got: unknown): void {
  if (!ok) throw new Error(`${what}: ${JSON.stringify(got)}`);
}

function checkKnightPath(path: Sq[], width: number): void {
  for (let i = 1; i < path.length; i++) {
    check(isKnightMove(square(path[i - 1], width), square(path[i], width)), "a knight move", path);
  }
}

function checkTour(path: Sq[], width: number, height: number, start: Sq, end?: Sq): void {
  const distinct = new Set(path.map((s) => square(s, width).join()));
  check(distinct.size === width * height && path.length === width * height, "every square once", path);
  check(path[0] === start && (end === undefined || path[path.length - 1] === end), "the ends", path);
  checkKnightPath(path, width);
}

/** Ranks before the rows, files underneath, then what was asked (a line)
 * and answered (a line holding `words`). */
function checkTextPicture(text: string, width: number, height: number, words: string): void {
  const lines = text.replace(/\n+$/, "").split("\n");
  check(lines.length === height + 3, "rows, a line of files and two of words", text);
  const files = Array.from({ length: width }, (_, f) => fileName(f)).join(" ");
  check(lines[height].trim().split(/ +/).join(" ") === files, "files underneath", text);
  lines.slice(0, height).forEach((line, i) => check(line.trim().split(/ +/)[0] === String(height - i), "ranks", text));
  check(lines[height + 1].endsWith("board.") && lines[height + 2].includes(words), `"${words}"`, text);
}

function checkSvg(svg: string, squares: Sq[]): void {
  check(svg.startsWith("<svg") && svg.trimEnd().endsWith("</svg>"), "an SVG picture", svg.slice(0, 200));
  for (const s of squares) check(svg.includes(`data-square="${s}"`), `square ${s} drawn`, s);
}

async function raw(answer: Promise<{ raw: Response }>, contentType: string): Promise<string> {
  const response = (await answer).raw;
  check(response.status === 200, "status 200", response.status);
  check((response.headers.get("content-type") ?? "").startsWith(contentType), contentType, response.headers.get("content-type"));
  return response.text();
}

const TELEPORTS = ["S . . . . . . .", ". . T . . . . .", ". . . . . . . .", ". . . . . . . .",
  ". . . . . . . .", ". . . . . . . .", ". . . . . T . .", ". . . . . . . E"];

async function main(base: string, served: string, operationIds: string[]): Promise<void> {
  const configuration = new Configuration({ basePath: base });
  const plain = new PlainApi(configuration);
  const terrain = new TerrainApi(configuration);
  const operations = new OperationsApi(configuration);
  const page = new PageApi(configuration);
  const called = new Map<string, string>();

  // Plain boards.
  const d = await plain.getDistance({ from: "g2", to: "a8" });
  check(d.moves === distance("g2", "a8", 8, 8), "g2 -> a8", d);
  let problem: any = null;
  try {
    await plain.getDistance({ from: "g2", to: "z9" });
  } catch (e) {
    if (!(e instanceof ResponseError)) throw e;
    check(e.response.status === 400, "status 400", e.response.status);
    problem = await e.response.json();
  }
  check(problem?.code === "square_off_board", "z9", problem);
  called.set("getDistance", `g2 -> a8: ${d.moves} moves; z9: ${problem.code}`);
  const d2 = await plain.postDistance({ distanceRequest: { src: 19, dest: 36 } });
  check(d2.from === 19 && d2.to === 36 && d2.moves === distance(19, 36, 8, 8), "19 -> 36", d2);
  called.set("postDistance", "19 -> 36");
  const batch = await plain.postDistanceBatch({ batchRequest: { pairs: [[0, 1], ["g2", "a8"]] } });
  check(batch.moves.join() === [distance(0, 1, 8, 8), distance("g2", "a8", 8, 8)].join(), "the batch", batch);
  called.set("postDistanceBatch", "[[0, 1], [g2, a8]]");

  const path = await plain.getPath({ from: "g2", to: "a8" });
  check(path.path![0] === "g2" && path.path![path.path!.length - 1] === "a8", "the ends", path);
  check(path.path!.length === distance("g2", "a8", 8, 8)! + 1, "a shortest path", path);
  checkKnightPath(path.path!, 8);
  checkSvg(await raw(plain.getPathRaw({ from: "g2", to: "a8", format: Format.Svg }), "image/svg+xml"), path.path!);
  called.set("getPath", "g2 -> a8, as JSON and as SVG");
  const hop = await terrain.postPath({ pathRequest: { board: TELEPORTS } });
  check(hop.moves === 2 && hop.cost === 2 && hop.path!.join() === "a8,c7,f2,h1", "the teleport board", hop);
  const text = await raw(
    terrain.postPathRaw({ pathRequest: { from: "a1", to: "b3", width: 5, height: 5 }, format: Format.Text }),
    "text/plain",
  );
  checkTextPicture(text, 5, 5, "1 move, cost 1");
  called.set("postPath", "the teleport board as JSON; a1 -> b3 as text");

  const tour = await plain.getTour({ width: 5, height: 5, start: "a1" });
  checkTour(tour.path, 5, 5, "a1");
  checkTextPicture(
    await raw(plain.getTourRaw({ width: 6, height: 6, start: "a1", closed: true, format: Format.Text }), "text/plain"),
    6, 6, "35 moves, every square once, then one move back to a1",
  );
  called.set("getTour", "5x5 from a1; 6x6 closed as text");
  const ends = await plain.postTour({ tourRequest: { width: 8, height: 8, start: "a1", end: "h1" } });
  checkTour(ends.path, 8, 8, "a1", "h1");
  const seeded = await plain.postTour({
    tourRequest: { width: 6, height: 6, start: "a1", method: TourMethod.Warnsdorff, seed: 7 },
  });
  checkTour(seeded.path, 6, 6, "a1");
  check(seeded.backtracks !== undefined, "backtracks", seeded);
  called.set("postTour", "8x8 a1 -> h1; 6x6 by Warnsdorff's rule, seed 7");

  const far = await plain.getTourStep({ width: 1e9, height: 1e9, start: "a1", step: 123456789012345 });
  check(far.square === "kazxhb123459", "step 123456789012345", far);
  called.set("getTourStep", "step 123456789012345 of 10^9 x 10^9");
  const closed = await plain.getTour({ width: 8, height: 8, start: "0", closed: true });
  const step = await plain.postTourStep({ tourStepRequest: { width: 8, height: 8, start: 0, closed: true, step: 63 } });
  check(step.square === closed.path[63], "step 63 as /tour has it", [step, closed.path[63]]);
  called.set("postTourStep", "step 63 of the closed 8x8 tour, as /tour has it");

  const finished = await plain.postTourFinish({ tourFinishRequest: { width: 8, height: 8, played: ["a1", "b3", "c5"] } });
  check(finished.played === 3 && finished.path.length === 64 && finished.path[2] === "c5", "a finished tour", finished);
  const finishedSvg = await raw(
    plain.postTourFinishRaw({ tourFinishRequest: { width: 8, height: 8, played: ["a1", "b3", "c5"] }, format: Format.Svg }),
    "image/svg+xml",
  );
  checkSvg(finishedSvg, finished.path as Sq[]);
  check(finishedSvg.includes('data-played="3"'), "the played moves drawn apart", finishedSvg.slice(0, 200));
  called.set("postTourFinish", "8x8 tour finished after a1 b3 c5, as JSON and as SVG");

  const counted = await plain.getTourCount({ width: 4, height: 3 });
  check(counted.count === String(countTours(4, 3)) && counted.digits === counted.count.length && !counted.closed, "4x3 open tours", counted);
  called.set("getTourCount", `4x3 open: ${counted.count} tours`);
  const countedFrom = await plain.postTourCount({ tourCountRequest: { width: 5, height: 4, start: "a1" } });
  check(countedFrom.count === String(countTours(5, 4, "a1")) && countedFrom.digits === countedFrom.count.length, "5x4 open tours from a1", countedFrom);
  called.set("postTourCount", `5x4 open from a1: ${countedFrom.count} tours`);

  const puzzle = await plain.getTourPuzzle({ width: 6, height: 6, seed: 7 });
  const solution = puzzle.solution as Sq[];
  checkTour(solution, 6, 6, solution[0]);
  const clues = puzzle.clues as { [square: string]: number };
  check(
    Object.keys(clues).length > 0 && Object.entries(clues).every(([sq, step]) => solution[step - 1] === sq),
    "the puzzle's clues on its solution",
    puzzle,
  );
  called.set("getTourPuzzle", "6x6 seed 7: its clues on its solution");
  const posted = await plain.postTourPuzzle({ tourPuzzleRequest: { width: 6, height: 6, seed: 7 } });
  check(JSON.stringify(posted) === JSON.stringify(puzzle), "POST gives GET's puzzle", posted);
  const puzzleText = await raw(
    plain.postTourPuzzleRaw({ tourPuzzleRequest: { width: 6, height: 6, seed: 7 }, format: Format.Text }),
    "text/plain",
  );
  check(Object.values(clues).every((step) => puzzleText.includes(String(step))), "the clues in the text", puzzleText);
  called.set("postTourPuzzle", "6x6 seed 7 as JSON (as GET has it) and as text");
  const solved = await plain.postTourFinish({ tourFinishRequest: { width: 6, height: 6, clues } });
  check(solved.unique === true && JSON.stringify(solved.path) === JSON.stringify(solution), "the puzzle solved", solved);

  for (const [name, answer] of [
    ["getColour", await plain.getColour({ square: "d3" })],
    ["getColor", await plain.getColor({ square: "d3" })],
  ] as const) {
    check(answer.colour === "light", "d3 is light", answer);
    called.set(name, "d3");
  }
  for (const [name, answer] of [
    ["postColour", await plain.postColour({ squareRequest: { square: "a1" } })],
    ["postColor", await plain.postColor({ squareRequest: { square: "a1" } })],
  ] as const) {
    check(answer.colour === "dark", "a1 is dark", answer);
    called.set(name, "a1");
  }
  const g1 = await plain.getMoves({ square: "g1" });
  check(g1.moves.map((s) => square(s, 8).join(";")).join() === movesFrom("g1", 8, 8).map((i) => square(i, 8).join(";")).join(), "g1", g1);
  called.set("getMoves", "g1");
  const m = await plain.postMoves({ squareRequest: { square: 19, width: 5, height: 5 } });
  check(m.moves.join() === movesFrom(19, 5, 5).join(), "19 on 5x5", m);
  called.set("postMoves", "19 on 5x5");
  const map = await plain.getDistanceMap({ from: "g2" });
  check(JSON.stringify(map.rows) === distanceRows("g2", 8, 8) && map.farthest === 5, "the map of g2", map);
  called.set("getDistanceMap", "g2: at most 5 moves");
  const windowed = await plain.postDistanceMap({ distanceMapRequest: { src: 0, width: 5, height: 5, files: "b..d", ranks: "2..3" } });
  const whole = JSON.parse(distanceRows(0, 5, 5));
  check(JSON.stringify(windowed.rows) === JSON.stringify(whole.slice(2, 4).map((row: unknown[]) => row.slice(1, 4))), "the window", windowed);
  called.set("postDistanceMap", "a1 on 5x5, the window b..d, 2..3");
  const all = await plain.getShortestPaths({ from: "g2", to: "a8", limit: 3 });
  const ways = bfsFrom("g2", 8, 8).ways.get(square("a8", 8).join());
  check(all.count === String(ways) && all.count === "6" && all.paths.length === 3, "g2 -> a8", all);
  for (const p of all.paths) {
    check(p.length === 5 && p[0] === "g2" && p[4] === "a8" && p.every((s, i) => i === 0 || isKnightMove(square(p[i - 1], 8), square(s, 8))), "a shortest path", p);
  }
  called.set("getShortestPaths", "g2 -> a8: 6 paths, a page of 3");
  const fromCorner = await plain.postShortestPaths({ shortestPathsRequest: { src: 0, dest: 63, offset: 100, limit: 2 } });
  const corner = bfsFrom(0, 8, 8).ways.get(square(63, 8).join());
  check(fromCorner.count === String(corner) && fromCorner.offset === "100" && fromCorner.paths.length === 2, "0 -> 63", fromCorner);
  for (const p of fromCorner.paths) {
    check(p.length === distance(0, 63, 8, 8)! + 1 && p[0] === 0 && p[p.length - 1] === 63 && p.every((s, i) => i === 0 || isKnightMove(square(p[i - 1], 8), square(s, 8))), "a shortest path", p);
  }
  called.set("postShortestPaths", `0 -> 63: ${fromCorner.count} paths, the page at 100`);

  // Terrain boards.
  const checked = await terrain.postValidate({ validateRequest: { path: ["b6", "d5", "d6"] } });
  check(!checked.valid && checked.error?.step === 2 && checked.error?.reason === "not_a_knight_move", "b6 d5 d6", checked);
  checkSvg(
    await raw(terrain.postValidateRaw({ validateRequest: { path: ["b6", "d5", "d6"] }, format: Format.Svg }), "image/svg+xml"),
    ["b6", "d5", "d6"],
  );
  called.set("postValidate", "b6 d5 d6, as JSON and as SVG");
  const board = { board: ["S . . .", ". . T .", ". . . .", "T . . E"] };
  const longest = await terrain.postLongestPath({ longestPathRequest: board });
  check(longest.moves === 12 && longest.upperBound === 12 && longest.optimal, "the 4x4 teleport board", longest);
  check(new Set(longest.path!).size === longest.path!.length && longest.path!.length === 14, "a simple path", longest);
  checkTextPicture(
    await raw(terrain.postLongestPathRaw({ longestPathRequest: board, format: Format.Text }), "text/plain"),
    4, 4, "12 moves, cost 12, upper bound 12 moves: proven optimal",
  );
  called.set("postLongestPath", "the 4x4 teleport board, as JSON and as text");

  // Operations.
  check((await operations.getHealthz()).status === "ok", "healthz", null);
  called.set("getHealthz", "ok");
  check((await operations.getReadyz()).status === "ready", "readyz", null);
  called.set("getReadyz", "ready");
  check((await operations.getMetrics()).includes("knightd_requests_total"), "metrics", null);
  called.set("getMetrics", "knightd_requests_total");
  check((await operations.getOpenapi()) === fs.readFileSync(served, "utf8"), "the served document", null);
  called.set("getOpenapi", "the served document");
  check((await operations.getOpenapi30()).startsWith("# OpenAPI 3.0.3 copy"), "the 3.0.3 copy", null);
  called.set("getOpenapi30", "the 3.0.3 copy");

  // The page's files.
  const starts: Record<string, string> = {
    getPage: "<!doctype html>",
    getPageStyle: "{",
    getPageFavicon: "<svg",
    getPageChallengeBoard: ". . .",
  };
  const methods = Object.getOwnPropertyNames(PageApi.prototype)
    .filter((name) => name.startsWith("getPage") && !name.endsWith("Raw") && !name.endsWith("RequestOpts"));
  for (const name of methods) {
    const body: string = await (page as any)[name]();
    check(typeof body === "string" && body.includes(starts[name] ?? ""), name, body.slice(0, 80));
    called.set(name, `${body.length} characters`);
  }

  const missing = operationIds.filter((id) => !called.has(id));
  check(missing.length === 0, "operations not called", missing);
  const unknown = [...called.keys()].filter((id) => !operationIds.includes(id));
  check(unknown.length === 0, "operations not in the document", unknown);
  console.log(`  openapi-generator typescript-fetch: ${called.size} operations answered as the contract says, e.g.`);
  for (const id of ["getDistance", "getPath", "postPath", "postTourStep", "postLongestPath"]) {
    console.log(`    ${id}: ${called.get(id)}`);
  }
}

main(process.argv[2], process.argv[3], JSON.parse(fs.readFileSync(process.argv[4], "utf8"))).catch((e) => {
  console.error(e);
  process.exit(1);
});
