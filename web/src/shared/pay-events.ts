/**
 * Sent on `window` when a payment succeeds (spec 03 section 4: the pay-success event resets the
 * third-party bill), so a page of another feature can start over without importing the payer.
 */
export const PAY_SUCCESS_EVENT = 'seller-centre:pay-success';
