import { describe, expect, it } from 'vitest';
import { readLoginLinkState, resolvePathAfterLogin, toLoginLinkState } from './login-redirect';
import { isProtectedPath } from './protected-routes';

describe('resolvePathAfterLogin', () => {
  it('returns to the protected page the visitor was sent away from, query included', () => {
    expect(resolvePathAfterLogin('/productdetails/12')).toBe('/productdetails/12');
    expect(resolvePathAfterLogin('/CustomerProfile/1')).toBe('/CustomerProfile/1');
    expect(resolvePathAfterLogin('/renewMultipleVM/abc?x=1')).toBe('/renewMultipleVM/abc?x=1');
    expect(resolvePathAfterLogin('/transaction-status-paypal/T1/2')).toBe(
      '/transaction-status-paypal/T1/2',
    );
  });

  it('goes to /marketplace from the marketplace and its services', () => {
    expect(resolvePathAfterLogin('/marketplace')).toBe('/marketplace');
    expect(resolvePathAfterLogin('/marketplace/Cloud%20Infrastructure')).toBe('/marketplace');
    expect(resolvePathAfterLogin('/MarketPlace')).toBe('/marketplace');
  });

  it('goes home from anywhere else, and from nowhere', () => {
    expect(resolvePathAfterLogin('/news')).toBe('/home');
    expect(resolvePathAfterLogin('/marketplacefake')).toBe('/home');
    expect(resolvePathAfterLogin('/customerlogin')).toBe('/home');
    expect(resolvePathAfterLogin(null)).toBe('/home');
  });

  it('never leaves the site', () => {
    expect(resolvePathAfterLogin('//evil.example/productdetails/1')).toBe('/home');
    expect(resolvePathAfterLogin('https://evil.example/saveditem')).toBe('/home');
    expect(resolvePathAfterLogin('/\\evil.example')).toBe('/home');
  });
});

describe('the login link state', () => {
  it('carries the path and query it was followed from', () => {
    expect(toLoginLinkState('/productdetails/3', '?a=1')).toEqual({
      from: '/productdetails/3?a=1',
    });
    expect(readLoginLinkState({ from: '/saveditem' })).toBe('/saveditem');
  });

  it('ignores anything else', () => {
    expect(readLoginLinkState(null)).toBeNull();
    expect(readLoginLinkState({ from: 3 })).toBeNull();
    expect(readLoginLinkState({ from: '//evil.example' })).toBeNull();
  });
});

describe('isProtectedPath', () => {
  it('knows every page behind the login, in either casing', () => {
    for (const path of [
      '/customerprofile/2',
      '/CUSTOMERPROFILE/1',
      '/saveditem',
      '/SavedItem',
      '/productdetails/9',
      '/payment',
      '/OZOWPaymentform',
      '/PurchaseDetails/1',
      '/purchasedetails/5',
      '/PurchaseSuccessful',
      '/PurchaseFailed',
      '/transaction-status/1',
      '/transaction-status-pesapal/a/b',
      '/transaction-status-payfast/3',
      '/DownloadInvoice/x',
      '/TicketDetails/4',
      '/buyclonevm/1',
      '/buysnapshotvm/1',
      '/renewvm/1',
      '/renewMultipleVM/x',
      '/updatevm/1',
    ]) {
      expect(isProtectedPath(path), path).toBe(true);
    }
  });

  it('leaves the public pages alone', () => {
    for (const path of [
      '/home',
      '/marketplace',
      '/customerlogin',
      '/loginotp/1/a@b.co/2',
      '/customerprofile',
    ]) {
      expect(isProtectedPath(path), path).toBe(false);
    }
  });
});
