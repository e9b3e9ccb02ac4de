import { describe, expect, it } from 'vitest';
import { qrCountError } from './qr-codes';

describe('the QR batch count rule', () => {
  it('requires a count', () => {
    for (const value of [undefined, null, '', '   ']) expect(qrCountError(value)).toBe('QR codes number is required field');
  });

  it('refuses fewer than 1 and more than 50 in the specification\'s words', () => {
    expect(qrCountError(0)).toBe("QR codes number can not be lower than '1'");
    expect(qrCountError('-3')).toBe("QR codes number can not be lower than '1'");
    expect(qrCountError(51)).toBe("QR codes number can not be greater than '50'");
    expect(qrCountError('1000')).toBe("QR codes number can not be greater than '50'");
  });

  it('accepts 1 to 50, typed or sent as a number', () => {
    for (const value of [1, '1', 25, ' 50 ', 50]) expect(qrCountError(value)).toBeNull();
  });

  it('refuses fractions and text that is no number', () => {
    for (const value of [2.5, '2.5', 'ten', '1e1', Number.NaN]) expect(qrCountError(value)).toBe('QR codes number must be a whole number');
  });
});
