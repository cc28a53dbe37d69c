import type { TLanguage } from '@seller-centre/contract/i18n';
import { orderPaths, type TOrderState } from '@seller-centre/contract/orders';
import { fenToYuan } from '../../platform/fen.ts';
import { translate, type MessageKey } from '../../platform/i18n.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const STATE_KEYS: Record<TOrderState, MessageKey> = {
  unpaid: 'orderStateUnpaid',
  paid: 'orderStatePaid',
  expired: 'orderStateExpired',
  cancelled: 'orderStateCancelled',
};

/**
 * The sandbox cashier the sandbox QR code opens (PAYMENT_PROVIDER=sandbox): the order's amount
 * and Pay / Cancel. Pay makes the sandbox send its signed notification through the same handler
 * as a real provider's. Self-contained, keyboard- and screen-reader-usable, in zh, kr or th; its
 * one inline script carries the nonce its answer's Content-Security-Policy allows.
 */
export function renderCashierPage(
  lang: TLanguage,
  order: { order_code: string; title: string; amount_fen: number; state: string } | undefined,
  scriptNonce: string,
): string {
  const t = (key: MessageKey, params?: Record<string, string>) => escapeHtml(translate(lang, key, params));
  const body = order
    ? `<dl>
  <dt>${t('cashierOrder')}</dt><dd>${escapeHtml(order.order_code)}</dd>
  <dt>${t('cashierItem')}</dt><dd>${escapeHtml(order.title)}</dd>
  <dt>${t('cashierAmount')}</dt><dd class="amount">${t('cashierYuan', { amount: fenToYuan(order.amount_fen) })}</dd>
  <dt>${t('cashierState')}</dt><dd id="state">${t(STATE_KEYS[order.state as TOrderState] ?? 'orderStateUnpaid')}</dd>
</dl>
<div class="actions">
  <button type="button" id="pay" ${order.state === 'unpaid' ? '' : 'disabled'}>${t('cashierPay')}</button>
  <button type="button" id="cancel" class="secondary" ${order.state === 'unpaid' ? '' : 'disabled'}>${t('cashierCancel')}</button>
</div>
<p id="result" role="status" aria-live="polite"></p>`
    : `<p class="error" role="alert">${t('cashierMissing')}</p>`;
  return `<!doctype html>
<html lang="${lang === 'kr' ? 'ko' : lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('cashierTitle')}</title>
<style>
  body { font-family: system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", "Noto Sans Thai", sans-serif;
         max-width: 420px; margin: 32px auto; padding: 0 16px; color: #1f2329; }
  h1 { font-size: 20px; display: flex; align-items: center; gap: 8px; }
  h1::before { content: ""; width: 24px; height: 24px; border-radius: 6px; background: #1677ff; }
  p { line-height: 1.6; color: #4e5969; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 20px 0; }
  dt { color: #4e5969; } dd { margin: 0; word-break: break-all; }
  .amount { font-size: 24px; font-weight: 600; color: #1f2329; }
  .actions { display: flex; gap: 12px; }
  button { flex: 1; padding: 10px; border: 0; border-radius: 6px; background: #1677ff; color: #fff;
           font-size: 16px; cursor: pointer; }
  button.secondary { background: #fff; color: #1f2329; border: 1px solid #86909c; }
  button:focus-visible { outline: 3px solid #0b3d91; outline-offset: 2px; }
  button:disabled { opacity: .6; cursor: not-allowed; }
  .ok { color: #07793a; } .error { color: #c4221a; }
</style>
</head>
<body>
<main>
<h1>${t('cashierTitle')}</h1>
<p>${t('cashierIntro')}</p>
${body}
</main>
<script nonce="${scriptNonce}">
(function () {
  var pay = document.getElementById('pay');
  if (!pay) return;
  var cancel = document.getElementById('cancel');
  var result = document.getElementById('result');
  var state = document.getElementById('state');
  var text = ${scriptJson({
    pay: translate(lang, 'cashierPaid'),
    cancel: translate(lang, 'cashierCancelled'),
    failed: translate(lang, 'cashierFailed'),
    paidState: translate(lang, 'orderStatePaid'),
    cancelledState: translate(lang, 'orderStateCancelled'),
  })};
  var orderCode = ${scriptJson(order?.order_code ?? '')};
  function act(action) {
    pay.disabled = true; cancel.disabled = true;
    fetch(${scriptJson(orderPaths.devPay)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': ${scriptJson(lang)} },
      body: JSON.stringify({ order_code: orderCode, action: action })
    }).then(function (res) { return res.json(); }).then(function (body) {
      if (body.code === 200) {
        result.className = 'ok'; result.textContent = text[action];
        state.textContent = action === 'pay' ? text.paidState : text.cancelledState;
      } else {
        result.className = 'error'; result.textContent = text.failed + body.msg;
        pay.disabled = false; cancel.disabled = false;
      }
    }).catch(function () { result.className = 'error'; result.textContent = text.failed; pay.disabled = false; cancel.disabled = false; });
  }
  pay.addEventListener('click', function () { act('pay'); });
  cancel.addEventListener('click', function () { act('cancel'); });
})();
</script>
</body>
</html>
`;
}
