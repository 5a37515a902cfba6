import { describe, expect, it } from 'vitest';
import { submitGatewayForm, toGatewayUrl } from './gateway-form';

type FakeInput = { type: string; name: string; value: string };
type FakeForm = {
  method: string;
  action: string;
  acceptCharset: string;
  hidden: boolean;
  inputs: FakeInput[];
  submitted: number;
  append(input: FakeInput): void;
  submit(): void;
};

function fakeDocument() {
  const appended: FakeForm[] = [];
  const doc = {
    createElement(tag: string) {
      if (tag === 'input') return { type: '', name: '', value: '' };
      const form: FakeForm = {
        method: '',
        action: '',
        acceptCharset: '',
        hidden: false,
        inputs: [],
        submitted: 0,
        append(input) {
          form.inputs.push(input);
        },
        submit() {
          form.submitted += 1;
        },
      };
      return form;
    },
    body: {
      append(node: FakeForm) {
        appended.push(node);
      },
    },
  };
  return { doc: doc as unknown as Parameters<typeof submitGatewayForm>[2], appended };
}

describe('submitGatewayForm', () => {
  it('posts one hidden field per entry, in the order the server signed them', () => {
    const { doc, appended } = fakeDocument();
    submitGatewayForm(
      {
        action: 'https://sandbox.payfast.co.za/eng/process',
        method: 'POST',
        fields: {
          merchant_id: '10000100',
          merchant_key: '46f0cd694581a',
          return_url: 'https://portal.test/transaction-status-payfast/1?orderID=A1',
          amount: '234.00',
          item_name: 'Debian Flex',
          signature: 'abc',
        },
      },
      'https://sandbox.payfast.co.za/eng/process',
      doc,
    );
    expect(appended).toHaveLength(1);
    const form = appended[0]!;
    expect(form).toMatchObject({
      method: 'POST',
      action: 'https://sandbox.payfast.co.za/eng/process',
      acceptCharset: 'UTF-8',
      hidden: true,
      submitted: 1,
    });
    expect(form.inputs.map((input) => [input.type, input.name, input.value])).toEqual([
      ['hidden', 'merchant_id', '10000100'],
      ['hidden', 'merchant_key', '46f0cd694581a'],
      ['hidden', 'return_url', 'https://portal.test/transaction-status-payfast/1?orderID=A1'],
      ['hidden', 'amount', '234.00'],
      ['hidden', 'item_name', 'Debian Flex'],
      ['hidden', 'signature', 'abc'],
    ]);
  });
});

describe('toGatewayUrl', () => {
  const base = 'https://portal.test/purchasedetails/1';

  it('takes http(s) addresses and addresses on this site', () => {
    expect(toGatewayUrl('https://www.sandbox.paypal.com/checkoutnow?token=X', base)).toBe(
      'https://www.sandbox.paypal.com/checkoutnow?token=X',
    );
    expect(toGatewayUrl('/sandbox/pay/A1', base)).toBe('https://portal.test/sandbox/pay/A1');
  });

  it('refuses script and data addresses and nonsense', () => {
    expect(toGatewayUrl('javascript:alert(1)', base)).toBeNull();
    expect(toGatewayUrl('data:text/html,<b>x</b>', base)).toBeNull();
    expect(toGatewayUrl('http://[::1', base)).toBeNull();
  });
});
