// Drives Firefox over WebDriver BiDi with puppeteer-core, one command per line, for Python.
//
//   node tools/puppeteer_bridge.mjs
//
// Reads JSON commands on stdin, one per line ({"op": "goto", "url": ...}); answers each with one
// JSON line on stdout: {"value": ...} or {"error": "..."}.  Used by tools/engines.py, so the tests
// (tests/engines/) and bench/engines.py drive Firefox and WebKit through one Python interface.
// There is no geckodriver on Debian, PyPI or npm that installs without downloading a binary from
// elsewhere; Firefox's own BiDi server needs none, and puppeteer-core speaks it.

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

let browser = null;
let page = null;

// A function's source text from Python, made a function here (Node has no CSP); puppeteer sends it
// to the page with script.callFunction, which the page's CSP (no 'unsafe-eval') does not block.
const asFunction = (source) => new Function(`return (${source});`)();

const ops = {
  async launch({ executablePath, width, height, protocolTimeout }) {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath,
      headless: true,
      protocolTimeout,
    });
    page = await browser.newPage();
    await page.setViewport({ width, height });
    return await browser.version();
  },
  async goto({ url, timeout }) {
    await page.goto(url, { timeout, waitUntil: "load" });
  },
  async reload({ timeout }) {
    await page.reload({ timeout, waitUntil: "load" });
  },
  async call({ fn, args }) {
    return await page.evaluate(asFunction(fn), ...args);
  },
  async click({ selector }) {
    await page.click(selector);
  },
  async select({ selector, value }) {
    await page.select(selector, value);
  },
  async fill({ selector, text }) {
    await page.locator(selector).fill(text);
  },
  async viewport({ width, height }) {
    await page.setViewport({ width, height });
  },
  async screenshot({ path, fullPage }) {
    await page.screenshot({ path, fullPage });
  },
  async close() {
    await browser?.close();
    browser = null;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  let answer;
  try {
    const value = await ops[command.op](command);
    answer = { value: value === undefined ? null : value };
  } catch (error) {
    answer = { error: String(error?.message ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (command.op === "close") break;
}
await browser?.close();
