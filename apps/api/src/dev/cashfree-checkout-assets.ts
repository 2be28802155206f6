/**
 * The browser half of the Cashfree stand-in: a Cashfree.js v3 look-alike (`Cashfree({ mode })`
 * with `checkout({ paymentSessionId, redirectTarget })`, resolving `{ paymentDetails }`,
 * `{ error }` or `{ redirect }` as Cashfree's does) and the checkout page it opens in a modal.
 * Scripts are files, never inline, so the product's Content-Security-Policy applies unchanged.
 */

export const checkoutSdkScript = `/* Cashfree.js v3 stand-in (Rankwise, development and tests only) */
(function () {
  'use strict';
  var current = document.currentScript;
  var base = current && current.src ? current.src.replace(/\\/js\\/v3\\/cashfree\\.js(?:\\?.*)?$/, '') : '';
  var origin = new URL(base || location.href, location.href).origin;

  function checkout(opts) {
    return new Promise(function (resolve) {
      if (!opts || typeof opts.paymentSessionId !== 'string' || !opts.paymentSessionId) {
        resolve({ error: { code: 'payment_session_id_invalid', message: 'paymentSessionId is invalid', type: 'validation_error' } });
        return;
      }
      var url = base + '/checkout/' + encodeURIComponent(opts.paymentSessionId);
      var target = opts.redirectTarget || '_self';
      if (target !== '_modal') {
        if (target === '_blank') window.open(url, '_blank');
        else if (target === '_top') window.top.location.href = url;
        else window.location.href = url;
        resolve({ redirect: true });
        return;
      }
      var overlay = document.createElement('div');
      overlay.setAttribute('data-cashfree-checkout', '');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.6);pointer-events:auto';
      var frame = document.createElement('iframe');
      frame.title = 'Cashfree checkout';
      frame.src = url + '?embed=modal';
      frame.style.cssText = 'width:min(420px,calc(100% - 2rem));height:min(560px,calc(100% - 2rem));border:0;border-radius:12px;background:#fff';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      function onMessage(e) {
        if (e.origin !== origin || e.source !== frame.contentWindow) return;
        var d = e.data || {};
        if (d.source !== 'cashfree-stand-in') return;
        window.removeEventListener('message', onMessage);
        overlay.remove();
        if (d.type === 'completed') resolve({ paymentDetails: { paymentMessage: d.paymentMessage } });
        else resolve({ error: { code: 'payment_aborted', message: 'User closed the payment window', type: 'payment_error' } });
      }
      window.addEventListener('message', onMessage);
      frame.addEventListener('load', function () {
        try { frame.focus(); } catch (_) { /* cross-origin */ }
      });
    });
  }

  window.Cashfree = function Cashfree(options) {
    var mode = options && options.mode;
    if (mode !== 'sandbox' && mode !== 'production') throw new Error('Cashfree: mode must be "sandbox" or "production"');
    return {
      version: function () { return 'stand-in'; },
      checkout: checkout,
    };
  };
})();
`;

export const checkoutPageScript = `/* Cashfree checkout page stand-in */
(function () {
  'use strict';
  var main = document.querySelector('main');
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button'));
  var embedded = window.parent !== window;
  function busy(on) { buttons.forEach(function (b) { b.disabled = on; }); }
  function finish(type, message) {
    if (embedded) window.parent.postMessage({ source: 'cashfree-stand-in', type: type, paymentMessage: message || null }, '*');
    else if (main.dataset.returnUrl) location.href = main.dataset.returnUrl;
  }
  function attempt(outcome) {
    return fetch(location.pathname + '/attempt', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: outcome }),
    }).then(function (r) { return r.json(); });
  }
  var pay = document.getElementById('pay');
  if (pay) pay.addEventListener('click', function () {
    busy(true);
    status.textContent = 'Processing your payment…';
    attempt('success').then(function (r) {
      if (r.order_status === 'PAID') { status.textContent = 'Payment successful.'; finish('completed', r.payment_message); }
      else { status.textContent = 'This order can no longer be paid (' + r.order_status + ').'; busy(false); }
    }, function () { status.textContent = 'The payment could not be sent. Try again.'; busy(false); });
  });
  var fail = document.getElementById('fail');
  if (fail) fail.addEventListener('click', function () {
    busy(true);
    attempt('failed').then(function (r) {
      status.textContent = 'Payment failed: ' + (r.payment_message || 'declined') + '. Try again or close.';
      busy(false);
    }, function () { busy(false); });
  });
  document.getElementById('close').addEventListener('click', function () {
    busy(true);
    attempt('dropped').then(function () { finish('closed'); }, function () { finish('closed'); });
  });
})();
`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function checkoutPageHtml(order: { orderId: string; amount: number; status: string; note: string | null; returnUrl: string | null } | null): string {
  const amount = order ? `₹${order.amount.toFixed(2)}` : '';
  const payable = order?.status === 'ACTIVE';
  const body = !order
    ? '<h1>Payment session not found</h1><p>This payment link is not valid.</p><button type="button" id="close">Close</button>'
    : `<p class="badge">Test payment: Cashfree stand-in, no real money moves</p>
<h1>Pay ${amount}</h1>
<p class="muted">Order ${escapeHtml(order.orderId)}</p>
${order.note ? `<p>${escapeHtml(order.note)}</p>` : ''}
<p id="status" role="status" aria-live="polite">${payable ? '' : `This order is ${escapeHtml(order.status.toLowerCase())}.`}</p>
${payable ? `<button type="button" id="pay" class="primary">Pay ${amount}</button>\n<button type="button" id="fail">Simulate a failed payment</button>` : ''}
<button type="button" id="close">Close</button>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cashfree checkout (test)</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#fff}
main{padding:1.5rem;display:flex;flex-direction:column;gap:.75rem}
h1{font-size:1.5rem;margin:0}
.badge{margin:0;padding:.5rem .75rem;border-radius:.5rem;background:#fef3c7;color:#78350f;font-size:.875rem}
.muted{color:#475569;margin:0;font-size:.875rem}
button{font:inherit;padding:.75rem 1rem;border-radius:.5rem;border:1px solid #cbd5e1;background:#fff;color:#0f172a;cursor:pointer}
button.primary{background:#166534;border-color:#166534;color:#fff;font-weight:600}
button:disabled{opacity:.6;cursor:not-allowed}
</style>
</head>
<body>
<main${order?.returnUrl ? ` data-return-url="${escapeHtml(order.returnUrl)}"` : ''}>
${body}
</main>
<script src="page.js"></script>
</body>
</html>
`;
}
