import { describe, expect, it } from 'vitest';
import { BRANDS, resolveBrand } from './brands.ts';

describe('company variants', () => {
  it('differ in name, copyright and whether registration is offered', () => {
    expect(BRANDS['seller-centre'].showRegister).toBe(true);
    expect(BRANDS.tradewind.showRegister).toBe(false);
    expect(BRANDS.tradewind.nameKey).not.toBe(BRANDS['seller-centre'].nameKey);
    expect(BRANDS.tradewind.copyrightKey).not.toBe(BRANDS['seller-centre'].copyrightKey);
  });

  it('are chosen by VITE_BRAND first', () => {
    expect(resolveBrand('tradewind', 'erp.sellercentre.example').id).toBe('tradewind');
    expect(resolveBrand('seller-centre', 'tradewind.localhost').id).toBe('seller-centre');
  });

  it('else by host name, else the default', () => {
    expect(resolveBrand(undefined, 'tradewind.localhost').id).toBe('tradewind');
    expect(resolveBrand(undefined, 'erp.tradewind.example.com').id).toBe('tradewind');
    expect(resolveBrand(undefined, 'tradewind-erp.example.com').id).toBe('tradewind');
    expect(resolveBrand(undefined, 'localhost').id).toBe('seller-centre');
    expect(resolveBrand(undefined, 'mytradewinds.example.com').id).toBe('seller-centre');
    expect(resolveBrand('unknown', '127.0.0.1').id).toBe('seller-centre');
  });
});
