import { describe, expect, it } from 'vitest';
import en from '../../../i18n/vm-orders/en.json';
import ko from '../../../i18n/vm-orders/ko.json';
import { VM_ORDER_TEXTS } from './vm-order-messages';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? keysOf(child as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('vm-orders texts', () => {
  it('writes every message the screens can meet in English exactly as the contract does', () => {
    expect(en.messages).toMatchObject(VM_ORDER_TEXTS);
  });

  it('quotes the spec word for word where it gives the words', () => {
    expect(en.backup.durationPlaceholder).toBe('Time (In Days)');
    expect(en.update.modes).toEqual({ Disk: 'Add Disk', RamAndCpu: 'Update RAM, CPU And Disk' });
    expect(en.bill.totalPayable).toBe('Total Payable Amount');
    expect(en.bill.arrears_other).toBe('Arrears for {{count}} Days');
    expect(en.multiRenew.columns).toEqual({
      vmName: 'VM Name',
      os: 'VM OS',
      processor: 'Processor',
      memory: 'Memory',
      disk: 'Disk',
      daysExtended: 'Days Extended',
      amount: 'Amount',
    });
    expect(en.messages.blockedClone).toBe(
      'This VM is blocked by admin, so you are not able to clone the VM.',
    );
  });

  it('has every English key in Korean, and no other', () => {
    expect(keysOf(ko).sort()).toEqual(keysOf(en).sort());
  });
});
