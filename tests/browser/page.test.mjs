// The board page in a real browser: Debian's chromium driven by
// playwright-core (no browser is downloaded). Run by scripts/browser-tests.sh,
// which starts knightd and sets KNIGHTD_URL; screenshots go to ARTIFACTS.
//
// Each answer the page lists is compared with the API's own answer to the
// same question, asked directly.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE = (process.env.KNIGHTD_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const ARTIFACTS = process.env.ARTIFACTS || path.resolve('../../target/browser-artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

let browser;
let profile;

before(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'knightd-chromium-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1200, height: 900 },
  });
});

after(async () => {
  if (browser) await browser.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

/** A new tab that fails the test on a script error or a CSP violation. */
async function open(t, url, viewport) {
  const page = await browser.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const problems = [];
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (4|5)\d\d/.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  t.after(async () => {
    await page.close();
    assert.deepEqual(problems, [], 'no script errors and no Content-Security-Policy violations');
  });
  await page.goto(BASE + url);
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The API's own answer, asked directly. */
async function api(endpoint, body) {
  const response = body === undefined
    ? await fetch(`${BASE}/${endpoint}`)
    : await fetch(`${BASE}/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return response.json();
}

/** Waits until the page has answered (nothing in flight) and returns its sentence. */
async function answered(page, pattern, timeout = 15000) {
  await page.waitForFunction((source) => {
    const board = document.getElementById('board');
    const summary = document.getElementById('summary').textContent;
    return board.getAttribute('aria-busy') !== 'true' && new RegExp(source).test(summary);
  }, pattern.source, { timeout });
  return page.locator('#summary').textContent();
}

async function listed(page) {
  return page.locator('#answer-list .square-name').allTextContents();
}

/**
 * Clicks a square of the board: the picture names each square with
 * data-square, and the page makes the one on top a button.
 */
async function clickSquare(page, name) {
  await page.locator(`#board :is(.board-svg, .board-lower-svg) [data-square="${name}"][role="button"]`).click();
}

/**
 * The names of the squares the picture on the board draws, each once (a
 * shaded picture draws a shade over a square, with the same name).
 */
async function namedSquares(page) {
  const names = await page.locator('#board .board-svg [data-square]').evaluateAll(
    (els) => els.map((el) => el.getAttribute('data-square')),
  );
  return [...new Set(names)];
}

/** How many squares of the picture are buttons (one a square, whatever is drawn over it). */
async function squareButtons(page) {
  return page.locator('#board :is(.board-svg, .board-lower-svg) [data-square][role="button"]').count();
}

/**
 * The path a page lists first for a question of /path: /path's own (the
 * README's "the path"), one of the shortest paths /shortest-paths counts.
 */
async function firstShortest(query) {
  const [one, paths] = await Promise.all([api(`path?${query}`), api(`shortest-paths?${query}&limit=0`)]);
  assert.equal(paths.moves, one.moves, '/path and /shortest-paths agree on the moves');
  return one;
}

test('load /, click two squares, and the listed path is /path\'s', async (t) => {
  const page = await open(t, '/');
  await answered(page, /From g2 to a8/);
  // The README's and the puzzle's path, first.
  assert.deepEqual(await listed(page), ['g2', 'e3', 'd5', 'c7', 'a8']);
  assert.deepEqual(await listed(page), (await firstShortest('from=g2&to=a8')).path);
  const names = await namedSquares(page);
  assert.equal(names.length, 64, 'every square of the 8×8 picture is named');
  assert.equal(await squareButtons(page), 64, 'each square one button');
  await clickSquare(page, 'b1');
  await answered(page, /starts on b1/);
  await clickSquare(page, 'h7');
  const sentence = await answered(page, /From b1 to h7/);
  const expected = await firstShortest('from=b1&to=h7');
  assert.deepEqual(await listed(page), expected.path);
  assert.match(sentence, new RegExp(`${expected.moves} moves`));
  assert.equal(new URL(page.url()).hash, '#/path?from=b1&to=h7');
  await shot(page, 'path-clicked');
  // The back button returns to the question before.
  await page.goBack();
  await answered(page, /starts on b1/);
  await page.goBack();
  await answered(page, /From g2 to a8/);
});

test('a path on a board too large to draw whole is shown around it', async (t) => {
  const page = await open(t, '/#/path?from=a1&to=h8&width=1000&height=1000');
  await answered(page, /From a1 to h8/);
  const names = await namedSquares(page);
  assert.equal(names.length, 100, 'the 10×10 corner around the path');
  assert.ok(names.includes('j10') && !names.includes('k11'));
  await clickSquare(page, 'c3');
  await answered(page, /starts on c3/);
  // The picture is now the part around c3, the board's corner.
  await clickSquare(page, 'g7');
  await answered(page, /From c3 to g7/);
  const expected = await firstShortest('from=c3&to=g7&width=1000&height=1000');
  assert.deepEqual(await listed(page), expected.path);
  await shot(page, 'path-cropped');
});

test('a square typed and a wrong one explained next to its field', async (t) => {
  const page = await open(t, '/#/path?from=z9&to=a1');
  const problem = await api('path?from=z9&to=a1');
  await page.waitForFunction(() => document.getElementById('path-from-error').textContent !== '');
  assert.equal(await page.locator('#path-from-error').textContent(), problem.detail);
  assert.equal(await page.locator('#path-from').getAttribute('aria-invalid'), 'true');
  await shot(page, 'error-next-to-field');
  // Keyboard only: type both squares and press Enter.
  await page.locator('#path-from').fill('c3');
  await page.locator('#path-to').fill('e7');
  await page.locator('#path-to').press('Enter');
  await answered(page, /From c3 to e7/);
  assert.deepEqual(await listed(page), (await firstShortest('from=c3&to=e7')).path);
  assert.equal(await page.locator('#path-from-error').textContent(), '');
});

test('a tour deep link opens the tour, and the slider steps through it', async (t) => {
  const link = '/#/tour?width=6&height=6&start=a1&closed=true';
  const page = await open(t, link);
  await answered(page, /closed tour of the 6×6 board from a1/);
  const tour = await api('tour?width=6&height=6&start=a1&closed=true');
  assert.deepEqual(await listed(page), tour.path);
  const slider = page.locator('#step-slider');
  assert.equal(await slider.getAttribute('max'), '35');
  await slider.focus();
  await slider.press('Home');
  assert.equal(await page.locator('#step-label').textContent(), `Step 1 of 36: ${tour.path[0]}`);
  for (let i = 0; i < 3; i += 1) await slider.press('ArrowRight');
  assert.equal(await page.locator('#step-label').textContent(), `Step 4 of 36: ${tour.path[3]}`);
  assert.match(page.url(), /step=3$/);
  assert.equal(await page.locator('#answer-list li[aria-current]').textContent(), `${tour.path[3]}`);
  // One numbering on the Tour tab, from 1 as a puzzle's: the slider's
  // words, the list and the picture's numbered points agree.
  assert.equal(await page.locator('#answer-list li[aria-current]').getAttribute('value'), '4');
  assert.equal(await page.locator('#answer-list li').first().getAttribute('value'), '1');
  assert.equal(await page.locator('#board .board-svg g[data-step="3"] > text').textContent(), '4');
  assert.equal(await page.locator('#board .board-svg g[data-step="0"] > text').textContent(), '1');
  // The server's picture numbers its steps: the moves after step 3 and the
  // closing move are hidden, steps 0 to 3 shown, without asking again.
  const hidden = await page.locator('#board .board-svg [data-step].step-hidden').evaluateAll(
    (els) => els.map((el) => Number(el.getAttribute('data-step'))),
  );
  assert.ok(hidden.length > 0 && hidden.every((k) => k > 3), JSON.stringify(hidden));
  assert.ok(hidden.includes(36), 'the closing move waits for the last step');
  assert.equal(await page.locator('#board .board-svg [data-step="3"]:not(.step-hidden)').count() > 0, true);
  await page.waitForTimeout(500);
  await shot(page, 'tour-step-3');
  // Play, then pause: the knight has moved on and stays.
  await page.locator('#step-play').click();
  await page.waitForFunction(() => Number(document.getElementById('step-slider').value) >= 6);
  await page.locator('#step-play').click();
  const paused = await slider.inputValue();
  await page.waitForTimeout(800);
  assert.equal(await slider.inputValue(), paused);
  assert.equal(await page.locator('#step-play').getAttribute('aria-pressed'), 'false');
  // The link with its step reopens the same picture.
  const again = await open(t, `${link}&step=7`);
  await answered(again, /closed tour/);
  assert.equal(await again.locator('#step-label').textContent(), `Step 8 of 36: ${tour.path[7]}`);
});

test('the challenge preset and its cheapest and longest paths', async (t) => {
  const page = await open(t, '/');
  await answered(page, /From g2 to a8/);
  await page.locator('[data-tab="terrain"]').click();
  await page.locator('#terrain-preset').click();
  const sentence = await answered(page, /Cheapest path from a1 to af28/);
  const board = fs.readFileSync(new URL('../../assets/page/boards/challenge-28x32.txt', import.meta.url), 'utf8');
  const cheapest = await api('path', { board, from: 'a1', to: 'af28' });
  assert.deepEqual(await listed(page), cheapest.path);
  assert.match(sentence, new RegExp(`cost ${cheapest.cost} in ${cheapest.moves} moves`));
  await shot(page, 'challenge-cheapest');
  await page.locator('#terrain-time').fill('300');
  await page.locator('button[value="longest-path"]').click();
  // The final line's caption: the bound, and whether the path is proven optimal.
  const longest = await answered(page, /^Longest path \(searched for up to 300 ms\) from a1 to af28, in \d+ ms: /);
  assert.match(longest, /(proven optimal \(upper bound \d+ moves\)|not proven optimal: upper bound \d+ moves)\.$/);
  assert.doesNotMatch(longest, /Check of a path|valid/);
  const squares = await listed(page);
  assert.equal(squares[0], 'a1');
  assert.equal(squares[squares.length - 1], 'af28');
  const check = await api('validate', { board, path: squares, simple: true });
  assert.equal(check.valid, true, 'the longest path listed is a valid simple path');
  assert.match(longest, new RegExp(`${check.moves} moves, cost ${check.cost}`));
  assert.match(new URL(page.url()).hash, /^#\/longest-path\?from=a1&to=af28&time_limit_ms=300&preset=challenge$/);
  await shot(page, 'challenge-longest');
});

/** The tour the API finishes from `played` on a board. */
function finish(body) {
  return api('tour/finish', body);
}

/** Checks that `path` is a tour of a `width` × `height` board: every square once, knight moves. */
function assertTour(path, width, height) {
  const at = (name) => {
    const m = /^([a-z]+)(\d+)$/.exec(name);
    let file = 0;
    for (const c of m[1]) file = file * 26 + (c.charCodeAt(0) - 96);
    return [file - 1, Number(m[2]) - 1];
  };
  assert.equal(path.length, width * height, 'as many squares as the board has');
  assert.equal(new Set(path).size, path.length, 'no square twice');
  for (const name of path) {
    const [f, r] = at(name);
    assert.ok(f >= 0 && r >= 0 && f < width && r < height, `${name} on the board`);
  }
  for (let i = 1; i < path.length; i += 1) {
    const [a, b] = [at(path[i - 1]), at(path[i])];
    const d = [Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])].sort().join();
    assert.equal(d, '1,2', `${path[i - 1]} to ${path[i]} is a knight move`);
  }
}

/** The caption of the picture on the board: its lines in the caption's ink, joined. */
function caption(page) {
  return page.evaluate(() => {
    const first = document.querySelector('#board .board-svg g > text[font-weight="bold"]');
    const ink = first.getAttribute('fill');
    return [...first.parentNode.querySelectorAll(':scope > text')]
      .filter((t) => t.getAttribute('fill') === ink).map((t) => t.textContent).join(' ');
  });
}

/** Waits for the game's verdict on the position (can it still be finished?) and returns it. */
async function verdict(page, pattern) {
  await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('game-status').textContent) &&
    document.getElementById('board').getAttribute('aria-busy') !== 'true', pattern.source, { timeout: 20000 });
  return page.locator('#game-status').textContent();
}

for (const [name, viewport] of [['wide', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`Tour game (${name}): five moves played, a wrong click refused, a hint, and Finish draws the tour`, async (t) => {
    const page = await open(t, '/#/tour?width=6&height=6&start=a1', viewport);
    await answered(page, /tour of the 6×6 board from a1/);
    // Play it yourself: an empty board of the size typed.
    await page.locator('#game-play').click();
    await verdict(page, /Click the square to start from/);
    assert.equal(new URL(page.url()).hash, '#/tour?width=6&height=6&play=true');
    // Five moves: each one the finish's next square, so the tour can still be finished.
    const played = ['a1'];
    await clickSquare(page, 'a1');
    await verdict(page, /can still be finished: 35 squares to go/);
    for (let i = 0; i < 5; i += 1) {
      const next = (await finish({ width: 6, height: 6, played })).path[played.length];
      played.push(next);
      await clickSquare(page, next);
      await verdict(page, new RegExp(`can still be finished: ${35 - played.length + 1} squares to go`));
    }
    assert.equal(new URL(page.url()).hash, `#/tour?width=6&height=6&played=${played.join(',')}`);
    assert.deepEqual(await listed(page), played);
    await answered(page, new RegExp(`You have played 6 of 36 squares of the 6×6 board; the knight is on ${played[5]}\\.`));
    assert.equal(await page.locator('#board .board-svg .is-knight').count(), 1);
    // The picture's caption is the game's: what is played, and the verdict.
    assert.equal(await caption(page), `Tour game on the 6×6 board: 6 of 36 squares played, from a1 to ${played[5]}. ` +
      'It can still be finished: 30 squares to go.');
    assert.match(await page.locator('#board .board-svg > title').textContent(), /^knightd: Tour game on the 6×6 board/);
    // A square already played, and one no knight move away, are refused here.
    const url = page.url();
    await clickSquare(page, played[3]);
    assert.match(await page.locator('#tour-form .error[data-for="*"]').textContent(),
      new RegExp(`^${played[3]} is already played \\(numbered 3 on the board\\)`));
    const last = played[5];
    const far = ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'a2', 'b2', 'c2', 'd2', 'e2', 'f2']
      .find((sq) => !played.includes(sq) && !(
        [Math.abs(sq.charCodeAt(0) - last.charCodeAt(0)), Math.abs(Number(sq[1]) - Number(last[1]))].sort().join() === '1,2'));
    await clickSquare(page, far);
    assert.match(await page.locator('#tour-form .error[data-for="*"]').textContent(),
      new RegExp(`^${far} is not a knight move from ${last}: click one of the marked squares`));
    assert.match(await page.locator('#board-note').textContent(), new RegExp(`^${far} is not a knight move from ${last}`));
    assert.equal(page.url(), url, 'a refused click asks nothing');
    await shot(page, `tour-game-playing-${name}`);
    // Hint: the finish's next square, marked on the board.
    const expected = await finish({ width: 6, height: 6, played });
    await page.locator('#game-hint').click();
    const hint = expected.path[played.length];
    assert.match(await page.locator('#game-status').textContent(), new RegExp(`^Hint: ${hint} `));
    assert.deepEqual(await page.locator('#board .board-svg .is-hint').evaluateAll((els) => els.map((el) => el.getAttribute('data-square'))), [hint]);
    await shot(page, `tour-game-hint-${name}`);
    // Finish: the whole tour, drawn and listed, beginning with the squares played.
    await page.locator('#game-finish').click();
    await answered(page, /^A tour of the 6×6 board from a1: every square once, 35 moves, ending on \w+\. The first 6 \(shaded\) are yours\.$/);
    const tour = await listed(page);
    assertTour(tour, 6, 6);
    assert.deepEqual(tour.slice(0, 6), played);
    assert.deepEqual(tour, expected.path);
    assert.equal(await page.locator('#board .board-svg path[data-step]').count(), 35, 'every move drawn');
    // Drawn by /tour/finish: the five moves played told apart, and said so.
    assert.equal(await page.locator('#board .board-svg [data-played] path[data-step]').count(), 5);
    const words = await caption(page);
    assert.equal(words, `Knight's tour finished from the 6 squares played (${played.join(' ')}) on the 6×6 board. ` +
      `35 moves, 5 played and 30 found to finish, every square once, ending on ${tour[35]}.`);
    assert.doesNotMatch(words, /Check of/);
    assert.match(page.url(), /&finish=true$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
    await shot(page, `tour-game-finished-${name}`);
    // Undo returns to the game, one square fewer.
    await page.locator('#game-undo').click();
    await verdict(page, /can still be finished: 31 squares to go/);
    assert.deepEqual(await listed(page), played.slice(0, 5));
  });
}

test('Tour game: a position that cannot be finished says why, in the API\'s words', async (t) => {
  const page = await open(t, '/#/tour?width=6&height=6&play=true', { width: 1280, height: 900 });
  await verdict(page, /Click the square to start from/);
  for (const square of ['b3', 'd4']) {
    await clickSquare(page, square);
    await verdict(page, /can still be finished/);
  }
  await clickSquare(page, 'c2');
  const said = await verdict(page, /cannot be finished/);
  const refused = await finish({ width: 6, height: 6, played: ['b3', 'd4', 'c2'] });
  assert.equal(refused.code, 'no_tour');
  assert.equal(said.replace(/\.$/, ''), `It cannot be finished from here: ${refused.detail}`.replace(/\.$/, ''));
  assert.match(said, /a1 can only be entered from the knight on c2/);
  assert.equal(await page.locator('#game-hint').isDisabled(), true);
  assert.equal(await page.locator('#game-finish').isDisabled(), true);
  assert.equal((await caption(page)).replace(/\.$/, ''), 'Tour game on the 6×6 board: 3 of 36 squares played, from b3 to c2. ' +
    `It cannot be finished: ${refused.detail}`.replace(/\.$/, ''));
  await shot(page, 'tour-game-cannot-finish');
  const phone = await open(t, '/#/tour?width=6&height=6&played=b3,d4,c2', { width: 390, height: 844 });
  await verdict(phone, /cannot be finished/);
  await shot(phone, 'tour-game-cannot-finish-phone');
});

test('Tour puzzle: the clues drawn as printed, squares numbered by clicking, a clue refused out of turn', async (t) => {
  const puzzle = await api('tour/puzzle?width=6&height=6&seed=7');
  const page = await open(t, '/#/tour?width=6&height=6&puzzle=7', { width: 1280, height: 900 });
  await verdict(page, /^Click /);
  // The clues are the picture's numbered squares, each with its step.
  for (const [square, step] of Object.entries(puzzle.clues)) {
    assert.equal(await page.locator(`#board .board-svg [data-clue="${step}"]`).count(), 1, square);
  }
  // The first four steps of the solution, each a clue's own or a free square.
  for (let i = 0; i < 4; i++) {
    await clickSquare(page, puzzle.solution[i]);
    await verdict(page, new RegExp(`can still be finished: ${36 - i - 1} squares to go`));
  }
  assert.equal(new URL(page.url()).hash, `#/tour?width=6&height=6&puzzle=7&played=${puzzle.solution.slice(0, 4).join(',')}`);
  assert.match(await caption(page), /Knight's tour puzzle \(seed 7\) on the 6×6 board: 5 squares numbered, 4 of 36 filled in/);
  // A clue square out of its turn is refused here, in words.
  const [late, lateStep] = Object.entries(puzzle.clues).sort((a, b) => b[1] - a[1])[0];
  await clickSquare(page, late);
  assert.match(await page.locator('#board-note').textContent(), new RegExp(`${late} is numbered ${lateStep} in the puzzle`));
  await shot(page, 'tour-puzzle');
  const phone = await open(t, `/#/tour?width=6&height=6&puzzle=7&played=${puzzle.solution.slice(0, 4).join(',')}`, { width: 390, height: 844 });
  await verdict(phone, /can still be finished/);
  await shot(phone, 'tour-puzzle-phone');
});

test('Tour game on 300×300: played, hinted and finished over a patterned board', async (t) => {
  const page = await open(t, '/#/tour?width=300&height=300&played=a1,b3,c5', { width: 1280, height: 900 });
  await verdict(page, /can still be finished: 89,997 squares to go/);
  await answered(page, /You have played 3 of 90,000 squares/);
  await page.locator('#game-hint').click();
  const expected = await finish({ width: 300, height: 300, played: ['a1', 'b3', 'c5'] });
  assert.match(await page.locator('#game-status').textContent(), new RegExp(`^Hint: ${expected.path[3]} `));
  await page.locator('#game-finish').click();
  await answered(page, /^A tour of the 300×300 board from a1: every square once, 89,999 moves/, 120000);
  assert.deepEqual(await listed(page), expected.path.slice(0, 1000));
  // Drawn as a /tour of a large board is: one checkered pattern, the tour over it.
  assert.equal(await page.locator('#board .board-svg [data-view]').getAttribute('data-view'), '0 0 300 300');
  assert.equal(await page.locator('#board.stale').count(), 0);
  await shot(page, 'tour-game-300');
});

for (const [name, viewport] of [['wide', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`the longest path live (${name}): the path growing, the bound falling, then the final caption`, async (t) => {
    const page = await open(t, '/#/path?preset=challenge&from=a1&to=af28', viewport);
    await answered(page, /Cheapest path/);
    // Every sentence the page says while the search runs.
    await page.evaluate(() => {
      window.said = [];
      new MutationObserver(() => window.said.push(document.getElementById('summary').textContent))
        .observe(document.getElementById('summary'), { childList: true, characterData: true, subtree: true });
    });
    await page.locator('#terrain-time').fill('3000');
    await page.locator('button[value="longest-path"]').click();
    // Read from what the observer kept, not the summary as it stands: a
    // search that proves its bound soon can replace its progress line
    // between two polls.
    await page.waitForFunction(() => window.said.some((s) => /so far; upper bound \d+ moves/.test(s)));
    await page.waitForFunction(() => document.querySelectorAll('#board .board-svg path[data-step]').length > 0);
    await shot(page, `longest-live-${name}`);
    const final = await answered(page, /^Longest path \(searched for up to 3000 ms\) from a1 to af28, in \d+ ms: \d+ moves, cost \d+ — /, 30000);
    assert.match(final, /(proven optimal \(upper bound \d+ moves\)|not proven optimal: upper bound \d+ moves)\.$/);
    const said = await page.evaluate(() => window.said);
    const progress = said.filter((s) => /^Searching for the longest path, \d+ ms of up to 3000 ms: \d+ moves, cost \d+ so far; upper bound \d+ moves\.$/.test(s));
    assert.ok(progress.length >= 1, `a progress line before the final: ${JSON.stringify(said.slice(0, 5))}`);
    const moves = progress.map((s) => Number(/: (\d+) moves/.exec(s)[1]));
    const bounds = progress.map((s) => Number(/upper bound (\d+)/.exec(s)[1]));
    for (let i = 1; i < moves.length; i += 1) {
      assert.ok(moves[i] >= moves[i - 1], `moves never fall: ${moves}`);
      assert.ok(bounds[i] <= bounds[i - 1], `the bound never rises: ${bounds}`);
    }
    const board = fs.readFileSync(new URL('../../assets/page/boards/challenge-28x32.txt', import.meta.url), 'utf8');
    const check = await api('validate', { board, path: await listed(page), simple: true });
    assert.equal(check.valid, true);
    assert.match(final, new RegExp(`: ${check.moves} moves, cost ${check.cost} — `));
    assert.match(await page.locator('#board-note').textContent(), new RegExp(`^Search over: ${check.moves} moves, cost ${check.cost} — `));
    // The picture's own caption is the longest path's, never a check of a path.
    const caption = await page.locator('#board .board-svg g > text[font-weight="bold"]').first().textContent();
    assert.equal(caption, 'Longest path from a1 to af28 on the 32×28 board.');
    const answer = await page.locator('#board .board-svg g > text[font-weight="bold"] + text').first().textContent();
    assert.match(answer, new RegExp(`^${check.moves} moves, cost ${check.cost}(: proven optimal|; bound \\d+, not proven optimal)\\.$`));
    await shot(page, `longest-final-${name}`);
    // Asked again and left at once: the request is aborted, the tab left shows its own answer.
    // (The search may be over within a frame, so the sentences said are
    // read, not the summary as it stands.)
    await page.evaluate(() => { window.said = []; });
    await page.locator('button[value="longest-path"]').click();
    await page.waitForFunction(() => window.said.some((s) => /^Searching/.test(s)));
    await page.locator('[data-tab="path"]').click();
    await answered(page, /^From /);
    await page.waitForTimeout(300);
    assert.doesNotMatch(await page.locator('#summary').textContent(), /Searching|Longest/);
  });
}

test('a wrong sequence clicked out is refused with its reason', async (t) => {
  const page = await open(t, '/#/validate');
  await page.waitForFunction(() => document.getElementById('board-note').textContent.includes('starts on'));
  for (const square of ['b6', 'd5']) {
    await clickSquare(page, square);
    await answered(page, /^Valid/);
  }
  await clickSquare(page, 'd6');
  const sentence = await answered(page, /Not valid/);
  const expected = await api('validate', { width: 8, height: 8, path: ['b6', 'd5', 'd6'] });
  assert.equal(expected.error.reason, 'not_a_knight_move');
  assert.equal(sentence, 'Not valid at step 2: d5 to d6 is not a knight move.');
  assert.match(await page.locator('#answer-list li.bad').textContent(), /d6 ✗ d5 to d6 is not a knight move/);
  assert.equal(new URL(page.url()).hash, '#/validate?path=b6,d5,d6');
  await shot(page, 'validate-refused');
  await page.locator('#validate-undo').click();
  await answered(page, /^Valid: 1 move/);
});

test('colour and moves of a square', async (t) => {
  const page = await open(t, '/#/moves?square=b1');
  const sentence = await answered(page, /b1 is a light square/);
  assert.deepEqual(await listed(page), (await api('moves?square=b1')).moves);
  assert.match(sentence, /3 moves/);
});

for (const [name, viewport] of [['wide', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`a path across 1000×1000 (${name}): its moves, its list and its picture`, async (t) => {
    const q = 'from=a1&to=zz999&width=1000&height=1000';
    const page = await open(t, `/#/path?${q}`, viewport);
    const sentence = await answered(page, /From a1 to zz999 on the 1000×1000 board/, 60000);
    // /path's own path first (its count, past 2^53, written as a person
    // reads it), drawn as /path draws it.
    const path = await firstShortest(q);
    assert.equal(path.moves, 567);
    assert.match(sentence, /567 moves, no fewer, by any of \d\.\d\d × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+ shortest paths\.$/);
    await atPath(page, '1');
    assert.deepEqual(await listed(page), path.path);
    // Drawn: the board in blocks (the part the path crosses) with the
    // path's 567 moves over it, and the squares around each end drawn
    // square by square under it; no error, nothing faded.
    assert.equal(await page.locator('#board .board-svg [data-view]').getAttribute('data-view'), '0 0 704 1000');
    assert.match(await page.locator('#board .board-svg [data-view] title').textContent(), /in blocks of \d+×\d+ squares/);
    assert.equal(await page.locator('#board .board-svg path[data-step]').count(), 567);
    assert.equal(await squareButtons(page), 2 * 81, 'the 9×9 squares around each end, each a button');
    assert.equal(await page.locator('#board.stale').count(), 0);
    assert.equal(await page.locator('#path-form .error:not(:empty)').count(), 0, 'no error');
    const board = await page.locator('#board .board-svg').boundingBox();
    assert.ok(board.width > 200 && board.height > 200, JSON.stringify(board));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
    await shot(page, `path-1000-${name}`);
    // A square around the start, clicked, starts a new path there.
    await clickSquare(page, 'b3');
    await answered(page, /starts on b3 \(1000×1000 board\)/);
  });
}

test('a tour of 1000×1000 is drawn, listed a page at a time', async (t) => {
  const q = 'width=1000&height=1000&start=a1';
  const page = await open(t, `/#/tour?${q}`, { width: 1280, height: 900 });
  const sentence = await answered(page, /tour of the 1000×1000 board from a1/, 120000);
  assert.match(sentence, /every square once, 999,999 moves/);
  const tour = await api(`tour?${q}`);
  assert.equal(tour.path.length, 1000000);
  assert.equal(await page.locator('#board .board-svg [data-view]').getAttribute('data-view'), '0 0 1000 1000');
  assert.match(await page.locator('#board .board-svg title').first().textContent(), /Knight's tour from a1 on the 1000×1000 board/);
  // The list, a thousand squares at a time: the page of the step shown
  // (the last), then the page before it.
  assert.equal(await page.locator('#step-slider').getAttribute('max'), '999999');
  assert.deepEqual(await listed(page), tour.path.slice(999000));
  assert.equal(await page.locator('#answer-list li[aria-current] .square-name').textContent(), tour.path[999999]);
  // Six-digit step numbers are not clipped: the list's margin holds the widest.
  const room = await page.evaluate(() => {
    const ol = document.getElementById('answer-list');
    const item = ol.querySelector('li:not(.list-more)');
    const style = getComputedStyle(item);
    const ink = document.createElement('canvas').getContext('2d');
    ink.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const widest = Math.max(...[...ol.querySelectorAll('li:not(.list-more)')].map((li) => ink.measureText(`${li.value}. `).width));
    return { widest, margin: parseFloat(getComputedStyle(ol).paddingLeft) };
  });
  assert.ok(room.widest > 0 && room.widest <= room.margin, `"1000000. " is ${room.widest} px, the margin ${room.margin} px`);
  await page.locator('#answer-list .list-more-top button', { hasText: 'Previous' }).click();
  assert.deepEqual(await listed(page), tour.path.slice(998000, 999000));
  // The slider's step brings its page back.
  await page.locator('#step-slider').focus();
  await page.locator('#step-slider').press('Home');
  assert.equal(await page.locator('#step-label').textContent(), `Step 1 of 1,000,000: ${tour.path[0]}`);
  assert.deepEqual(await listed(page), tour.path.slice(0, 1000));
  await shot(page, 'tour-1000');
});

test('the Tour tab asks for the size typed, not the size on screen', async (t) => {
  const page = await open(t, '/#/tour?width=5&height=5&start=a1', { width: 1280, height: 900 });
  await answered(page, /tour of the 5×5 board/);
  await page.locator('#tour-width').fill('6');
  await page.locator('#tour-height').fill('7');
  await clickSquare(page, 'c3');
  await answered(page, /tour of the 6×7 board from c3/);
  assert.equal(new URL(page.url()).hash, '#/tour?width=6&height=7&start=c3');
});

test('Square tab: the picture is the square\'s own, its moves drawn', async (t) => {
  const page = await open(t, '/#/moves?square=e4', { width: 1280, height: 900 });
  await answered(page, /e4 is a light square/);
  const caption = await page.locator('#board .board-svg > title').textContent();
  assert.match(caption, /Fewest moves from e4 to every square on the 8×8 board\. Light square, 8 knight moves \(drawn\)/);
  assert.doesNotMatch(caption, /Shortest path|0 moves/);
  const moves = await page.locator('#board .board-svg [data-move]').evaluateAll((els) => els.map((el) => el.getAttribute('data-move')));
  assert.deepEqual(moves.sort(), (await api('moves?square=e4')).moves.sort());
  await shot(page, 'square-own-picture');
});

test('a failed question says the picture is of the one before, in plain words', async (t) => {
  const page = await open(t, '/#/path?from=g2&to=a8', { width: 1280, height: 900 });
  await answered(page, /From g2 to a8/);
  await page.goto(`${BASE}/#/tour?width=3&height=3&start=a1`);
  await page.waitForFunction(() => document.querySelector('#tour-form .error[data-for="*"]').textContent !== '');
  const detail = await page.locator('#tour-form .error[data-for="*"]').textContent();
  assert.doesNotMatch(detail, /\((format|width|height|start|board)\)$/, 'no parameter name tacked on');
  assert.match(await page.locator('#board-note').textContent(), /faded picture is of the question before/);
});

test('1280×900: the terrain buttons stay in view with the picture', async (t) => {
  const page = await open(t, '/#/path?preset=challenge&from=a1&to=af28', { width: 1280, height: 900 });
  await answered(page, /Cheapest path/);
  for (const value of ['path', 'longest-path']) {
    const button = await page.locator(`button[value="${value}"]`).boundingBox();
    assert.ok(button.y >= 0 && button.y + button.height <= 900, `${value} button at ${JSON.stringify(button)}`);
  }
  const board = await page.locator('#board .board-svg').boundingBox();
  assert.ok(board.y < 900 && board.x > 300, JSON.stringify(board));
  // Scrolled down the form, the picture stays on screen.
  await page.evaluate(() => window.scrollTo(0, 600));
  const after = await page.locator('#board .board-svg').boundingBox();
  assert.ok(after.y < 100 && after.y + after.height > 300, `the picture stays: ${JSON.stringify(after)}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'terrain-wide');
});

test('readable on a 390 px wide phone screen', async (t) => {
  const page = await open(t, '/#/tour?width=5&height=5&start=a1', { width: 390, height: 844 });
  await answered(page, /tour of the 5×5 board/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
  const board = await page.locator('#board .board-svg').boundingBox();
  assert.ok(board.width >= 300 && board.x >= 0 && board.x + board.width <= 390, JSON.stringify(board));
  await shot(page, 'phone-tour');
  // The tabs on one row.
  const tabs = await page.locator('.tabs a').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  assert.equal(new Set(tabs).size, 1, `tabs on one row: ${tabs}`);
  await page.goto(`${BASE}/#/path?preset=challenge&from=a1&to=af28`);
  await answered(page, /Cheapest path/);
  // The terrain board large enough to tap (its squares at least 20 px),
  // panned in its own frame; the page itself does not scroll sideways.
  const square = await page.locator('#board .board-svg [data-square="a1"]').boundingBox();
  assert.ok(square.width >= 20, `a square is ${square.width} px wide`);
  const frame = await page.locator('#board').boundingBox();
  assert.ok(frame.width <= 390, JSON.stringify(frame));
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wider <= 0, `no sideways scrolling of the page (${wider} px too wide)`);
  // The question comes before the list of the answer.
  const form = await page.locator('#terrain-form').boundingBox();
  const list = await page.locator('#answer-list').boundingBox();
  assert.ok(form.y < list.y, `form at ${form.y}, list at ${list.y}`);
  await shot(page, 'phone-terrain');
});

/** The numbers a picture writes (its <text>s that are whole numbers), counted. */
async function numbersDrawn(page) {
  const texts = await page.locator('#board .board-svg text').allTextContents();
  const counted = new Map();
  for (const text of texts.map((s) => s.trim()).filter((s) => /^\d+$/.test(s))) {
    counted.set(text, (counted.get(text) || 0) + 1);
  }
  return counted;
}

/** Checks that the picture writes every distance of a /distance-map answer. */
async function assertDistancesDrawn(page, map) {
  const drawn = await numbersDrawn(page);
  const wanted = new Map();
  for (const d of map.rows.flat().filter((d) => d !== null)) {
    wanted.set(String(d), (wanted.get(String(d)) || 0) + 1);
  }
  for (const [d, n] of wanted) {
    assert.ok((drawn.get(d) || 0) >= n, `the picture writes ${d} on ${n} squares (${drawn.get(d) || 0} found)`);
  }
}

for (const [name, viewport] of [['wide', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`Square tab (${name}): a clicked square's distance map, every square numbered`, async (t) => {
    const page = await open(t, '/#/moves?square=d4', viewport);
    await answered(page, /d4 is a dark square/);
    await clickSquare(page, 'e4');
    const sentence = await answered(page, /e4 is a light square/);
    assert.equal(new URL(page.url()).hash, '#/moves?square=e4');
    const map = await api('distance-map?from=e4&width=8&height=8');
    assert.equal(map.farthest, 4, 'no square of the 8×8 board is more than 4 moves from e4');
    assert.match(sentence, /Every square is at most 4 moves from e4\. A knight on it has 8 moves/);
    assert.deepEqual(await listed(page), (await api('moves?square=e4')).moves);
    assert.equal((await namedSquares(page)).length, 64, 'the map names every square, so clicks still work');
    assert.equal(await squareButtons(page), 64, 'each square one button, under its shade or not');
    await assertDistancesDrawn(page, map);
    assert.equal(await page.locator('#moves-form .error:not(:empty)').count(), 0, 'no error');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
    await shot(page, `square-distance-map-${name}`);
    // The back button returns to the square before, and its map.
    await page.goBack();
    const before = await api('distance-map?from=d4');
    await answered(page, new RegExp(`d4 is a dark square\\. Every square is at most ${before.farthest} moves from d4\\.`));
  });
}

test('Square tab: a board too large to map whole is mapped, numbered, around the square', async (t) => {
  const page = await open(t, '/#/moves?square=d4&width=1000&height=1000', { width: 1280, height: 900 });
  await answered(page, /d4 is a dark square/);
  await clickSquare(page, 'c3');
  const sentence = await answered(page, /c3 is a dark square/);
  // The 31×31 corner around c3 (files a..ae, ranks 1..31): a window of at
  // most 64×64 and of squares few enough for the server to number them.
  const map = await api('distance-map?from=c3&width=1000&height=1000&files=a..ae&ranks=1..31');
  assert.equal(map.files.length, 31);
  assert.equal(map.ranks.length, 31);
  assert.match(sentence, new RegExp(`Every square of this 31×31 part of the board is at most ${map.farthest} moves from c3\\.`));
  const names = await namedSquares(page);
  assert.equal(names.length, 31 * 31);
  assert.ok(names.includes('c3') && names.includes('ae31') && !names.includes('af1'));
  await assertDistancesDrawn(page, map);
  assert.match(await page.locator('#board-note').textContent(), /numbered and shaded .* on the part of the board around it/);
  assert.equal(await page.locator('#moves-form .error:not(:empty)').count(), 0, 'no error');
  await shot(page, 'square-distance-map-window');
});

/** The path number shown, its count, and whether Previous and Next can be pressed. */
async function pathStep(page) {
  return {
    at: await page.locator('#paths-at').inputValue(),
    of: await page.locator('#paths-of').textContent(),
    previous: await page.locator('#paths-prev').isEnabled(),
    next: await page.locator('#paths-next').isEnabled(),
  };
}

/** Waits until path `n` (one-based, a string) is drawn and listed. */
async function atPath(page, n) {
  await page.waitForFunction((want) => document.getElementById('paths-at').value === want &&
    document.getElementById('board').getAttribute('aria-busy') !== 'true', n, { timeout: 15000 });
}

/** The shortest path numbered on the picture's caption ("; path 3 drawn"). */
async function captionPath(page) {
  const words = (await page.locator('#board .board-svg').textContent()).replace(/\s+/g, ' ');
  return (/shortest paths?; path ([\d,]+) drawn/.exec(words) || [])[1];
}

for (const [name, viewport] of [['wide', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`Path tab (${name}): /path's path first, then every other shortest path, stepped through`, async (t) => {
    const page = await open(t, '/#/path?from=g2&to=a8', viewport);
    const sentence = await answered(page, /From g2 to a8/);
    const all = await api('shortest-paths?from=g2&to=a8');
    const straight = (await api('path?from=g2&to=a8')).path;
    assert.equal(all.count, '6');
    assert.equal(all.paths.length, 6);
    // The page's order: /path's own, then the others in /shortest-paths' order.
    const at = all.paths.findIndex((p) => p.join() === straight.join());
    assert.equal(at, 2, 'g2 e3 d5 c7 a8 is the third by board index');
    const order = [straight, ...all.paths.filter((_, i) => i !== at)];
    const offsets = ['', '0', '1', '3', '4', '5'];
    assert.match(sentence, /4 moves, no fewer, by any of 6 shortest paths\./);
    assert.equal(await page.locator('#paths-count').textContent(), '6 shortest paths');
    await atPath(page, '1');
    assert.deepEqual(await pathStep(page), { at: '1', of: 'of 6', previous: false, next: true });
    assert.deepEqual(await listed(page), ['g2', 'e3', 'd5', 'c7', 'a8']);
    assert.equal(await captionPath(page), '1', 'the caption numbers it as the page does');
    await page.locator('#paths-next').click();
    await atPath(page, '2');
    assert.deepEqual(await listed(page), order[1]);
    assert.deepEqual(order[1], (await api('shortest-paths?from=g2&to=a8&offset=0&limit=1')).paths[0]);
    assert.deepEqual(await pathStep(page), { at: '2', of: 'of 6', previous: true, next: true });
    assert.equal(new URL(page.url()).hash, '#/path?from=g2&to=a8&offset=0');
    assert.equal(await captionPath(page), '2');
    await shot(page, `path-shortest-2-of-6-${name}`);
    await page.locator('#paths-prev').click();
    await atPath(page, '1');
    assert.deepEqual(await listed(page), straight);
    assert.equal(new URL(page.url()).hash, '#/path?from=g2&to=a8');
    // Every one in turn, each once: all six, each at its offset.
    for (let n = 2; n <= 6; n += 1) {
      await page.locator('#paths-next').click();
      await atPath(page, String(n));
      assert.deepEqual(await listed(page), order[n - 1], `path ${n}`);
      assert.equal(new URL(page.url()).hash, `#/path?from=g2&to=a8&offset=${offsets[n - 1]}`);
    }
    assert.deepEqual(await pathStep(page), { at: '6', of: 'of 6', previous: true, next: false });
    // A number typed: path 4.
    await page.locator('#paths-at').fill('4');
    await page.locator('#paths-at').press('Enter');
    await atPath(page, '4');
    assert.deepEqual(await listed(page), order[3]);
    // A number that is not one is explained next to it.
    await page.locator('#paths-at').fill('7');
    await page.locator('#paths-at').press('Enter');
    assert.equal(await page.locator('#paths-error').textContent(), 'Type a whole number from 1 to 6.');
    assert.equal(await page.locator('#paths-at').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await listed(page), order[3]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
    // A link with its offset reopens that path, numbered as the page numbers it.
    const again = await open(t, '/#/path?from=g2&to=a8&offset=4', viewport);
    await answered(again, /6 shortest paths/);
    await atPath(again, '5');
    assert.deepEqual(await listed(again), all.paths[4]);
    // The offset of /path's own path is path 1, and the plain link.
    const own = await open(t, '/#/path?from=g2&to=a8&offset=2', viewport);
    await answered(own, /6 shortest paths/);
    await atPath(own, '1');
    assert.deepEqual(await listed(own), straight);
    assert.equal(new URL(own.url()).hash, '#/path?from=g2&to=a8');
    // A link past the last path opens the first, and says why.
    const past = await open(t, '/#/path?from=g2&to=a8&offset=6', viewport);
    await answered(past, /6 shortest paths/);
    await atPath(past, '1');
    assert.deepEqual(await listed(past), straight);
    assert.equal(await past.locator('#paths-error').textContent(),
      'There are only 6 shortest paths: path 7 is not one of them, the first is shown.');
    assert.equal(new URL(past.url()).hash, '#/path?from=g2&to=a8');
  });
}

test('Path tab: a count past 2^53 is written as a person reads it and stepped with BigInt', async (t) => {
  // a1 to cv100 on a 100×100 board: 66 moves, each +1+2 or +2+1, so
  // C(66, 33) = 7219428434016265740 shortest paths, more than 2^53 and less than 2^64.
  const q = 'from=a1&to=cv100&width=100&height=100';
  const first = await api(`shortest-paths?${q}&limit=1`);
  assert.equal(first.count, '7219428434016265740');
  const count = BigInt(first.count);
  const last = (count - 1n).toString();
  const page = await open(t, `/#/path?${q}&offset=${last}`, { width: 1280, height: 900 });
  await answered(page, /by any of 7\.22 × 10¹⁸ shortest paths\./);
  await atPath(page, first.count);
  assert.deepEqual(await pathStep(page), { at: first.count, of: 'of 7.22 × 10¹⁸', previous: true, next: false });
  // Every digit on demand.
  assert.equal(await page.locator('#paths-count .digits').isVisible(), false);
  await page.locator('#paths-count summary').click();
  assert.equal(await page.locator('#paths-count summary').textContent(), 'all 19 digits');
  assert.equal(await page.locator('#paths-count .digits').textContent(), first.count);
  assert.deepEqual(await listed(page), (await api(`shortest-paths?${q}&offset=${last}&limit=1`)).paths[0]);
  await shot(page, 'path-shortest-huge-count');
  await page.locator('#paths-prev').click();
  const before = (count - 2n).toString();
  await atPath(page, (count - 1n).toString());
  assert.deepEqual(await listed(page), (await api(`shortest-paths?${q}&offset=${before}&limit=1`)).paths[0]);
  assert.equal(new URL(page.url()).hash, `#/path?${q}&offset=${before}`);
});

test('Path tab: shortest paths over too many squares to count: the path alone, and why', async (t) => {
  const q = 'from=a1&to=a5000&width=5000&height=5000';
  const page = await open(t, `/#/path?${q}`, { width: 1280, height: 900 });
  await answered(page, /From a1 to a5000 on the 5000×5000 board: \d+ moves, no fewer\.$/, 60000);
  const refused = await api(`shortest-paths?${q}&limit=1`);
  assert.equal(refused.code, 'board_too_large');
  assert.equal(await page.locator('#paths-count').textContent(), 'Shortest paths: not counted');
  assert.equal(await page.locator('#paths-error').textContent(), refused.detail);
  assert.equal(await page.locator('#paths-error').getAttribute('data-code'), 'board_too_large');
  assert.equal(await page.locator('#paths-nav').isHidden(), true);
  // Listed a thousand squares at a time.
  const path = (await api(`path?${q}`)).path;
  assert.ok(path.length > 1000);
  assert.deepEqual(await listed(page), path.slice(0, 1000));
  await page.locator('#answer-list .list-more-bottom button', { hasText: 'Next' }).click();
  assert.deepEqual(await listed(page), path.slice(1000, 2000));
});

for (const [name, viewport] of [['wide', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`Path tab (${name}): a count of 199 digits is written short, its digits on demand, the board in view`, async (t) => {
    const q = 'from=a1&to=all1000&width=1000&height=1000';
    const { count } = await api(`shortest-paths?${q}&limit=0`);
    assert.equal(count.length, 199);
    const page = await open(t, `/#/path?${q}`, viewport);
    const sentence = await answered(page, /From a1 to all1000/, 60000);
    // 9.46 × 10¹⁹⁸: three figures, rounded, and the power of ten.
    const short = `${count[0]}.${String(Number(count.slice(1, 3)) + (count[3] >= '5' ? 1 : 0)).padStart(2, '0')} × 10¹⁹⁸`;
    assert.match(sentence, new RegExp(`by any of ${short.replace('.', '\\.')} shortest paths\\.$`));
    assert.match(await page.locator('#paths-count').innerText(), new RegExp(`^${short.replace('.', '\\.')} shortest paths\\s+all 199 digits$`));
    assert.equal(await page.locator('#paths-of').textContent(), `of ${short}`);
    const text = await page.locator('body').innerText();
    assert.ok(!text.includes(count.slice(0, 30)), 'the count is not written whole');
    // The board's top within the first half of the screen.
    const board = await page.locator('#board .board-svg').boundingBox();
    assert.ok(board.y < viewport.height / 2, `the board at ${board.y} px`);
    await page.locator('#paths-count summary').click();
    assert.equal(await page.locator('#paths-count .digits').textContent(), count);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
    await shot(page, `path-count-199-digits-${name}`);
  });
}

test('1280×900: the answer follows the form, with no gap between them', async (t) => {
  for (const [tab, link, pattern] of [
    ['path', '/#/path?from=g2&to=a8', /From g2 to a8/],
    ['moves', '/#/moves?square=d4', /d4 is a dark square/],
    ['validate', '/#/validate?path=b6,d5,f6', /^Valid/],
  ]) {
    const page = await open(t, link, { width: 1280, height: 900 });
    await answered(page, pattern);
    const form = await page.locator(`#${tab}-form`).boundingBox();
    const answer = await page.locator('.answer').boundingBox();
    const gap = answer.y - (form.y + form.height);
    assert.ok(gap >= 0 && gap <= 24, `${tab}: ${gap} px between the form and the answer`);
    await shot(page, `no-gap-${tab}`);
  }
});

test('/#/terrain opens on a question with its squares filled in, and no error', async (t) => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    const page = await open(t, '/#/terrain', viewport);
    await answered(page, /^Cheapest path from a1 to af28/);
    assert.equal(new URL(page.url()).hash, '#/path?from=a1&to=af28&preset=challenge');
    assert.equal(await page.locator('#terrain-from').inputValue(), 'a1');
    assert.equal(await page.locator('#terrain-to').inputValue(), 'af28');
    assert.equal(await page.locator('#terrain-form .error:not(:empty)').count(), 0, 'no error');
    await shot(page, `terrain-deep-link-${viewport.width}`);
  }
  // A board without S or E: the first free squares from each corner.
  const rows = ['. . . R', '. . . .', 'B . . .'].join('\n');
  const page = await open(t, `/#/path?board=${encodeURIComponent(rows)}`, { width: 1280, height: 900 });
  await answered(page, /^Cheapest path from b1 to c3/);
  assert.equal(await page.locator('#terrain-from').inputValue(), 'b1');
  assert.equal(await page.locator('#terrain-to').inputValue(), 'c3');
  assert.equal(await page.locator('#terrain-form .error:not(:empty)').count(), 0, 'no error');
});

test('no empty box shows a hint that reads as a value', async (t) => {
  const page = await open(t, '/#/path?from=g2&to=a8', { width: 1280, height: 900 });
  await answered(page, /From g2 to a8/);
  const hints = await page.locator('input[placeholder]').evaluateAll((els) => els.map((el) => el.placeholder));
  assert.ok(hints.length >= 10, `${hints.length} hints`);
  for (const hint of hints) {
    assert.doesNotMatch(hint, /^\s*([a-z]{1,3}\d+|\d+)(\s*,\s*[a-z]{1,3}\d+)*\s*$/i, `"${hint}" reads as a value`);
  }
  // Drawn unlike a value: in italics.
  const style = await page.locator('#path-width').evaluate((el) => getComputedStyle(el, '::placeholder').fontStyle);
  assert.equal(style, 'italic');
});

test('every page link in the docs opens its question with no error', async (t) => {
  const docs = fs.readFileSync(new URL('../../docs/pictures.md', import.meta.url), 'utf8');
  const links = [...new Set([...docs.matchAll(/`\/(#\/[a-z-]+(?:\?[^`…]*)?)`/g)].map((m) => m[1]))];
  for (const tab of ['path', 'tour', 'moves', 'terrain', 'validate']) {
    assert.ok(links.some((l) => l.startsWith(`#/${tab}`)), `the docs link the ${tab} tab: ${links}`);
  }
  for (const link of links) {
    const page = await open(t, `/${link}`, { width: 1280, height: 900 });
    await answered(page, /\S/, 30000);
    assert.equal(await page.locator('form.question:not([hidden]) .error:not(:empty)').count(), 0, `${link}: no error`);
    await page.close();
  }
});

/**
 * What a person can read of the picture on the board: the smallest of its
 * words as shown (font size times the picture's scale on screen), over
 * every <text> the browser renders (an overview draws none).
 */
async function smallestWords(page) {
  return page.evaluate(() => {
    let smallest = Infinity;
    let which = '';
    for (const text of document.querySelectorAll('#board svg text')) {
      const style = getComputedStyle(text);
      if (!text.getClientRects().length || style.visibility === 'hidden' || !text.textContent.trim()) continue;
      const m = text.getScreenCTM();
      const px = parseFloat(style.fontSize) * Math.hypot(m.a, m.b);
      if (px < smallest) [smallest, which] = [px, text.textContent.trim().slice(0, 30)];
    }
    return { smallest, which };
  });
}

/** Whether the centre of the first element `selector` matches lies inside the board's frame as shown. */
async function seenInFrame(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const frame = document.querySelector('#board .board-frame');
    if (!el || !frame) return `no ${el ? 'frame' : sel}`;
    const [r, f] = [el.getBoundingClientRect(), frame.getBoundingClientRect()];
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const inside = x >= f.left && x <= f.left + frame.clientWidth && y >= f.top && y <= f.top + frame.clientHeight;
    return inside ? true : `${sel} at ${x},${y}; the frame shows ${f.left},${f.top} to ${f.left + frame.clientWidth},${f.top + frame.clientHeight}`;
  }, selector);
}

/**
 * The words of the picture that are cut off: each <text> the browser
 * renders must lie within the picture drawing it (an SVG clips what runs
 * past its edge), and that picture within the screen or within the frame
 * that pans it (its whole scrolled extent); each line of a zoomed
 * picture's caption and each legend entry (written by the page under the
 * frame) within the screen, none wider than its box.
 */
async function cutOff(page) {
  return page.evaluate(() => {
    const cut = [];
    const within = (r, left, right) => r.left >= left - 1 && r.right <= right + 1;
    const across = (el) => {
      const frame = el.closest('.board-frame, .board-lower');
      if (frame && frame.scrollWidth > frame.clientWidth) {
        const f = frame.getBoundingClientRect();
        return [f.left - frame.scrollLeft, f.left - frame.scrollLeft + frame.scrollWidth];
      }
      return [0, window.innerWidth];
    };
    for (const text of document.querySelectorAll('#board svg text')) {
      const style = getComputedStyle(text);
      if (!text.getClientRects().length || style.visibility === 'hidden' || !text.textContent.trim()) continue;
      const svg = text.ownerSVGElement;
      const [r, s] = [text.getBoundingClientRect(), svg.getBoundingClientRect()];
      const [left, right] = across(svg);
      if (!within(r, s.left, s.right)) cut.push(`"${text.textContent}" past its picture's edge (${r.left}–${r.right}, the picture ${s.left}–${s.right})`);
      else if (!within(r, left, right)) cut.push(`"${text.textContent}" off the screen or frame (${r.left}–${r.right} of ${left}–${right})`);
    }
    for (const el of document.querySelectorAll('#board .board-words p, #board .board-legend li')) {
      const r = el.getBoundingClientRect();
      if (!within(r, 0, window.innerWidth) || el.scrollWidth > el.clientWidth + 1) {
        cut.push(`"${el.textContent}" off the screen (${r.left}–${r.right} of ${window.innerWidth})`);
      }
    }
    return cut;
  });
}

// Issue 47: large boards at 1280 px and on a 390 px phone. Every word of
// the picture at least 11 px as shown (a picture that would show them
// smaller is zoomed in a frame that pans, under an overview without
// words), nothing wider than the screen, the path's start or the tour's
// step in view, the list's current row whole.
for (const [name, viewport] of [['wide', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  for (const [what, url, summary, marker] of [
    ['path-1000', '/#/path?from=a1&to=all1000&width=1000&height=1000', /From a1 to all1000/, '.board-svg .is-from'],
    ['tour-1000-step', '/#/tour?width=1000&height=1000&start=a1&step=500', /tour of the 1000×1000 board/, '.board-svg .is-knight'],
    ['paths-200-offset', '/#/path?from=a1&to=gr200&width=200&height=200&offset=99999999999999999999', /From a1 to gr200/, null],
    ['square-1000', '/#/moves?square=e4&width=1000&height=1000', /e4/, null],
    ['terrain', '/#/path?preset=challenge&from=a1&to=af28', /Cheapest path/, null],
  ]) {
    test(`${what} (${name}): words at least 11 px, nothing cut off, the marker in view`, async (t) => {
      const page = await open(t, url, viewport);
      await answered(page, summary, 60000);
      await page.waitForTimeout(300);
      const { smallest, which } = await smallestWords(page);
      assert.ok(smallest >= 10.95, `the smallest words of the picture are ${smallest.toFixed(2)} px ("${which}")`);
      const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wider <= 0, `the page is ${wider} px wider than the screen`);
      if (marker) assert.equal(await seenInFrame(page, marker), true);
      assert.deepEqual(await cutOff(page), [], 'no word of the picture cut off');
      // A zoomed picture: its board alone in the frame, its caption and
      // legend written under it; the frame as tall as the screen allows.
      const zoomed = await page.evaluate(() => {
        const board = document.getElementById('board');
        if (!board.classList.contains('zoomed')) return null;
        const frame = board.querySelector('.board-frame');
        const svg = frame.querySelector('.board-svg');
        return {
          frame: frame.clientHeight,
          picture: svg.getBoundingClientRect().height,
          caption: board.querySelector('.board-words .board-caption')?.textContent,
          shown: [...svg.querySelectorAll('text')].filter((t) => t.getClientRects().length > 0 && t.getAttribute('font-weight') === 'bold' && t.parentNode.parentNode === svg).length,
        };
      });
      if (zoomed) {
        assert.ok(zoomed.caption && zoomed.caption.length > 10, `the caption written under the frame: ${zoomed.caption}`);
        assert.equal(zoomed.shown, 0, 'the caption not drawn a second time in the frame');
        const room = Math.min(zoomed.picture, viewport.height * 0.6);
        assert.ok(zoomed.frame >= room - 1, `the frame ${zoomed.frame} px high for ${zoomed.picture} px of board`);
      }
      if (what === 'tour-1000-step') {
        assert.equal(await page.locator('.board-svg .page-ring.is-knight').count(), 1, 'the step ringed');
        // Under the frame, a close-up of the squares around the step, the
        // moves either side of it drawn square by square: the path seen as one.
        const close = await page.evaluate(() => {
          const svg = document.querySelector('#board .board-closeup-svg');
          if (!svg) return null;
          const points = (cls) => (svg.querySelector(`.page-trace.${cls}`).getAttribute('d').match(/[ML]/g) || []).length;
          const files = [...svg.querySelectorAll('text[text-anchor="middle"]')].map((t) => t.textContent);
          const ranks = [...svg.querySelectorAll('text[text-anchor="end"]')].map((t) => t.textContent);
          return { behind: points('is-behind'), ahead: points('is-ahead'), files, ranks, caption: svg.nextElementSibling.textContent };
        });
        assert.ok(close, 'a close-up of the squares around the step');
        assert.deepEqual([close.behind, close.ahead], [21, 21], 'the 20 moves before the step and the 20 after it');
        assert.ok(close.files.includes('ch') && close.ranks.includes('2'), `ch2 within the close-up: ${close.files} ${close.ranks}`);
        assert.match(close.caption, /around ch2/);
        const row = await page.evaluate(() => {
          const [li, ol] = [document.querySelector('#answer-list li[aria-current]'), document.getElementById('answer-list')];
          const [r, o] = [li.getBoundingClientRect(), ol.getBoundingClientRect()];
          return { whole: r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5, text: li.textContent };
        });
        assert.ok(row.whole, `the current row "${row.text}" is shown whole`);
        // The list scrolled to it shows whole rows from its top: none cut in half.
        const top = await page.evaluate(() => {
          const ol = document.getElementById('answer-list');
          const o = ol.getBoundingClientRect();
          const first = [...ol.querySelectorAll('li')].find((li) => li.getBoundingClientRect().bottom > o.top + 0.5);
          return { cut: o.top - first.getBoundingClientRect().top, text: first.textContent };
        });
        assert.ok(top.cut <= 0.5, `the list's top row "${top.text}" is cut by ${top.cut} px`);
      }
      if (what === 'paths-200-offset') {
        // 10^20 is well within the 1.24 × 10^43 paths: shown, and nothing said against it.
        assert.equal(await page.locator('#paths-error').textContent(), '');
        const number = BigInt(await page.locator('#paths-at').inputValue());
        assert.ok(number === 10n ** 20n + 1n || number === 10n ** 20n + 2n, `path ${number}`);
        const nav = await page.locator('#paths-nav').evaluate((el) => [...el.children].map((c) => c.getBoundingClientRect().top));
        assert.ok(Math.max(...nav) - Math.min(...nav) < 12, `Previous, the number and Next on one row: ${nav}`);
      }
      await shot(page, `readable-${what}-${name}`);
    });
  }
}
