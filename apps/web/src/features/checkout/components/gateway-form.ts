import type { TGatewayForm } from '@cloud-portal/contract/orders/create-order';

/**
 * Where the browser may be sent to pay: an http(s) address (absolute, or on this site). Anything
 * else (javascript:, data:) is refused, whatever the answer said.
 */
export function toGatewayUrl(url: string, base: string): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The DOM this needs, so the form can be built without a browser in tests. */
type FormDocument = {
  createElement(tag: 'form'): HTMLFormElement;
  createElement(tag: 'input'): HTMLInputElement;
  body: { append(node: Node): void };
};

/**
 * Posts a ready-signed gateway form (PayFast, Ozow, §4 "post a hidden form to the provider"):
 * method POST, the answer's action, one hidden field per entry in the order given (the order
 * the server signed them in). Returns the form, which the page leaves with.
 */
export function submitGatewayForm(
  gatewayForm: TGatewayForm,
  action: string,
  doc: FormDocument,
): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of Object.entries(gatewayForm.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  return form;
}
