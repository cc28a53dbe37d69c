/**
 * Sent on `window` when a payment succeeds (docs/product.md: the pay-success event resets the
 * third-party bill), so a page of another feature can start over without importing the payer.
 */
export const PAY_SUCCESS_EVENT = 'seller-centre:pay-success';
