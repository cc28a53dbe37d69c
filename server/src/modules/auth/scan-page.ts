import { randomBytes } from 'node:crypto';
import { authPaths } from '@seller-centre/contract/auth';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { translate } from '../../platform/i18n.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The WeChat simulator's scan page: what a phone would show after scanning the QR code. A
 * tester enters an open id and a nickname and confirms, which POSTs the scan exactly as the
 * official account's webhook would record it. Self-contained: no app bundle, no outside files;
 * its one inline script carries the nonce its answer's Content-Security-Policy allows.
 */
export function renderScanPage(lang: TLanguage, sceneMark: string | undefined, scriptNonce: string): string {
  const t = (key: Parameters<typeof translate>[1]) => escapeHtml(translate(lang, key));
  const openId = `o_sim_${randomBytes(6).toString('hex')}`;
  const body = sceneMark
    ? `<form id="scan">
  <label>${t('scanPageScene')}<input name="scene_mark" value="${escapeHtml(sceneMark)}" readonly></label>
  <label>${t('scanPageOpenId')}<input name="open_id" value="${openId}" maxlength="64" required></label>
  <label>${t('scanPageNickname')}<input name="nickname" value="Tester" maxlength="64" required></label>
  <button type="submit">${t('scanPageSubmit')}</button>
</form>
<p id="result" role="status"></p>`
    : `<p class="error" role="alert">${t('scanPageMissingScene')}</p>`;
  return `<!doctype html>
<html lang="${lang === 'kr' ? 'ko' : lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('scanPageTitle')}</title>
<style>
  body { font-family: system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", "Noto Sans Thai", sans-serif;
         max-width: 420px; margin: 32px auto; padding: 0 16px; color: #1f2329; }
  h1 { font-size: 20px; display: flex; align-items: center; gap: 8px; }
  h1::before { content: ""; width: 24px; height: 24px; border-radius: 6px; background: #07c160; }
  p { line-height: 1.6; color: #4e5969; }
  label { display: block; margin: 14px 0; font-size: 14px; }
  input { display: block; width: 100%; box-sizing: border-box; margin-top: 6px; padding: 8px 10px;
          border: 1px solid #c9cdd4; border-radius: 6px; font-size: 15px; }
  input[readonly] { background: #f2f3f5; color: #86909c; }
  button { width: 100%; padding: 10px; border: 0; border-radius: 6px; background: #07c160; color: #fff;
           font-size: 16px; cursor: pointer; }
  button:disabled { opacity: .6; }
  .ok { color: #07a150; } .error { color: #d93026; }
</style>
</head>
<body>
<h1>${t('scanPageTitle')}</h1>
<p>${t('scanPageIntro')}</p>
${body}
<script nonce="${scriptNonce}">
(function () {
  var form = document.getElementById('scan');
  if (!form) return;
  var text = ${scriptJson({ done: translate(lang, 'scanPageDone'), failed: translate(lang, 'scanPageFailed') })};
  var result = document.getElementById('result');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var button = form.querySelector('button');
    button.disabled = true;
    var data = { scene_mark: form.scene_mark.value, open_id: form.open_id.value, nickname: form.nickname.value };
    fetch(${scriptJson(authPaths.devWechatScan)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': ${scriptJson(lang)} },
      body: JSON.stringify(data)
    }).then(function (res) { return res.json(); }).then(function (body) {
      if (body.code === 200) { result.className = 'ok'; result.textContent = text.done; }
      else { result.className = 'error'; result.textContent = text.failed + body.msg; button.disabled = false; }
    }).catch(function () { result.className = 'error'; result.textContent = text.failed; button.disabled = false; });
  });
})();
</script>
</body>
</html>
`;
}
