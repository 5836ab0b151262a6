import { chromium } from "playwright";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const open = async (path, width) => {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  await page.goto("http://localhost:3388" + path);
  await page.evaluate(() => sessionStorage.setItem("privacy_consent_closed", "1"));
  await page.reload();
  await page.waitForSelector("form");
  return page;
};
let page = await open("/apply/nS-lvIq6Nx9phFWzM790PR4kfbXuU7SMzgN38eL5RO0", 1280);
await page.screenshot({ path: "/tmp/apply-en-top.png" });
await page.close();
page = await open("/es/apply/MuPW-8k95BXGRF0AH2UNvMGfJEJF7hqn15GjF3USrJE", 375);
await page.getByRole("button", { name: "Enviar mi solicitud" }).click();
await page.waitForTimeout(400);
const h = await page.evaluate(() => document.body.scrollHeight);
for (let y = 0, i = 0; y < h - 900 && i < 6; y += 780, i++) {
  await page.evaluate((y) => window.scrollTo(0, y), y);
  await page.waitForTimeout(100);
  await page.screenshot({ path: "/tmp/apply-es-" + i + ".png" });
}
await browser.close();
