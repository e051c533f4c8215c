import { Logger } from '@nestjs/common';
import type { RecaptchaVerifier } from './recaptcha.port';

/** Google's siteverify protocol: a form POST of secret, response and remote IP, answered with `{success}`. */
export class SiteverifyRecaptcha implements RecaptchaVerifier {
  readonly configured = true;
  private readonly logger = new Logger('Recaptcha');

  constructor(
    private readonly secret: string,
    private readonly verifyUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  async verify(token: string, remoteIp: string | undefined): Promise<boolean> {
    const form = new URLSearchParams({ secret: this.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    try {
      const response = await fetch(this.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        this.logger.warn(`siteverify answered ${response.status}`);
        return false;
      }
      const body = (await response.json()) as { success?: unknown };
      return body.success === true;
    } catch (error) {
      // An unreachable verifier must not let every token through.
      this.logger.warn(`siteverify failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}
