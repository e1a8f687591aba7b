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
async function answered(page, pattern) {
  await page.waitForFunction((source) => {
    const board = document.getElementById('board');
    const summary = document.getElementById('summary').textContent;
    return board.getAttribute('aria-busy') !== 'true' && new RegExp(source).test(summary);
  }, pattern.source, { timeout: 15000 });
  return page.locator('#summary').textContent();
}

async function listed(page) {
  return page.locator('#answer-list .square-name').allTextContents();
}

/** Clicks a square of the board: the picture names each square with data-square. */
async function clickSquare(page, name) {
  await page.locator(`#board svg [data-square="${name}"]`).click();
}

/** The names of the squares the picture on the board draws. */
async function namedSquares(page) {
  return page.locator('#board svg [data-square]').evaluateAll(
    (els) => els.map((el) => el.getAttribute('data-square')),
  );
}

test('load /, click two squares, and the listed path is /path\'s answer', async (t) => {
  const page = await open(t, '/');
  await answered(page, /From g2 to a8/);
  assert.deepEqual(await listed(page), (await api('path?from=g2&to=a8')).path);
  const names = await namedSquares(page);
  assert.equal(names.length, 64, 'every square of the 8×8 picture is named');
  assert.equal(new Set(names).size, 64);
  await clickSquare(page, 'b1');
  await answered(page, /starts on b1/);
  await clickSquare(page, 'h7');
  const sentence = await answered(page, /From b1 to h7/);
  const expected = await api('path?from=b1&to=h7');
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
  const expected = await api('path?from=c3&to=g7&width=1000&height=1000');
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
  assert.deepEqual(await listed(page), (await api('path?from=c3&to=e7')).path);
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
  assert.equal(await page.locator('#step-label').textContent(), `Step 0 of 35: ${tour.path[0]}`);
  for (let i = 0; i < 3; i += 1) await slider.press('ArrowRight');
  assert.equal(await page.locator('#step-label').textContent(), `Step 3 of 35: ${tour.path[3]}`);
  assert.match(page.url(), /step=3$/);
  assert.equal(await page.locator('#answer-list li[aria-current]').textContent(), `${tour.path[3]}`);
  // The server's picture numbers its steps: the moves after step 3 and the
  // closing move are hidden, steps 0 to 3 shown, without asking again.
  const hidden = await page.locator('#board svg [data-step].step-hidden').evaluateAll(
    (els) => els.map((el) => Number(el.getAttribute('data-step'))),
  );
  assert.ok(hidden.length > 0 && hidden.every((k) => k > 3), JSON.stringify(hidden));
  assert.ok(hidden.includes(36), 'the closing move waits for the last step');
  assert.equal(await page.locator('#board svg [data-step="3"]:not(.step-hidden)').count() > 0, true);
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
  assert.equal(await again.locator('#step-label').textContent(), `Step 7 of 35: ${tour.path[7]}`);
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
  const longest = await answered(page, /Longest path found/);
  assert.match(longest, /upper bound \d+\. It is (proven optimal|not proven optimal)/);
  const squares = await listed(page);
  assert.equal(squares[0], 'a1');
  assert.equal(squares[squares.length - 1], 'af28');
  const check = await api('validate', { board, path: squares, simple: true });
  assert.equal(check.valid, true, 'the longest path listed is a valid simple path');
  assert.match(longest, new RegExp(`${check.moves} moves, cost ${check.cost}`));
  assert.match(new URL(page.url()).hash, /^#\/longest-path\?from=a1&to=af28&time_limit_ms=300&preset=challenge$/);
  await shot(page, 'challenge-longest');
});

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

test('readable on a 390 px wide phone screen', async (t) => {
  const page = await open(t, '/#/tour?width=5&height=5&start=a1', { width: 390, height: 844 });
  await answered(page, /tour of the 5×5 board/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
  const board = await page.locator('#board svg').boundingBox();
  assert.ok(board.width >= 300 && board.x >= 0 && board.x + board.width <= 390, JSON.stringify(board));
  await shot(page, 'phone-tour');
  await page.goto(`${BASE}/#/path?preset=challenge&from=a1&to=af28`);
  await answered(page, /Cheapest path/);
  await shot(page, 'phone-terrain');
});
