import { wantsAlert, type AlertFacts } from './alert-match';
import { defaultPreferences } from './notification-preferences';
import { MAX_DELIVERY_ATTEMPTS, attemptOutcome, retryDelayMs } from './notification';
import { hmacHex, signWebhookBody, verifyWebhookBody } from './webhook-signature';

const alert: AlertFacts = {
  organizationId: 1,
  risk: 'HIGH',
  dataSourceId: 3,
  importance: 'LOW',
  tagIds: [4],
};

describe('which alerts a user wants', () => {
  it('by default, every alert', () => {
    expect(wantsAlert(defaultPreferences(), alert)).toBe(true);
  });

  it.each([
    ['its risk is off', { risks: { ...defaultPreferences().risks, high: false } }],
    ['its asset importance is off', { importances: { ...defaultPreferences().importances, low: false } }],
    ['its data source is off', { dataSources: { '3': false } }],
    ['its asset lacks a chosen label', { tagIds: [4, 5] }],
  ])('not when %s', (_why, change) => {
    expect(wantsAlert({ ...defaultPreferences(), ...change }, alert)).toBe(false);
  });

  it('when its asset carries every chosen label', () => {
    expect(wantsAlert({ ...defaultPreferences(), tagIds: [4] }, alert)).toBe(true);
  });
});

describe('delivery retries', () => {
  it('wait twice as long before each new try, and stop after the last', () => {
    const delays = Array.from({ length: MAX_DELIVERY_ATTEMPTS + 1 }, (_u, i) => retryDelayMs(i + 1, 100));
    expect(delays).toEqual([0, 100, 200, 400, 800, null]);
  });

  it('end a delivery when delivered, when it cannot succeed, or at the last try', () => {
    const failed = { delivered: false, httpStatus: 500, error: 'HTTP 500' };
    expect(attemptOutcome('n', 'd', 1, failed, 'now').final).toBe(false);
    expect(attemptOutcome('n', 'd', MAX_DELIVERY_ATTEMPTS, failed, 'now').final).toBe(true);
    expect(attemptOutcome('n', 'd', 1, { ...failed, permanent: true }, 'now').final).toBe(true);
    expect(
      attemptOutcome('n', 'd', 1, { delivered: true, httpStatus: 200, error: null }, 'now'),
    ).toMatchObject({
      outcome: 'delivered',
      final: true,
    });
  });
});

describe('webhook signatures', () => {
  const payload = { id: 'x', alert: { id: 3, risk: 'HIGH' } };

  it('sign the body without its signature field in that field, and the exact body in the header', () => {
    const { body, headerSignature } = signWebhookBody(payload, 's3cret');
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const { signature, ...rest } = parsed;
    expect(rest).toEqual(payload);
    expect(signature).toBe(hmacHex('s3cret', JSON.stringify(payload)));
    expect(headerSignature).toBe(hmacHex('s3cret', body));
    expect(verifyWebhookBody(body, headerSignature ?? undefined, 's3cret')).toEqual({
      field: true,
      header: true,
    });
  });

  it('fail verification with another secret or a changed body', () => {
    const { body, headerSignature } = signWebhookBody(payload, 's3cret');
    expect(verifyWebhookBody(body, headerSignature ?? undefined, 'other')).toEqual({
      field: false,
      header: false,
    });
    const tampered = body.replace('HIGH', 'LOW!');
    expect(verifyWebhookBody(tampered, headerSignature ?? undefined, 's3cret')).toEqual({
      field: false,
      header: false,
    });
  });

  it('send no signature without a secret', () => {
    const { body, headerSignature } = signWebhookBody(payload, null);
    expect(JSON.parse(body)).toEqual(payload);
    expect(headerSignature).toBeNull();
  });
});
