/** Checks the captcha token of self sign-up and password recovery. */
export interface RecaptchaVerifier {
  /** False without RECAPTCHA_SECRET: the console then sends a placeholder token, which is accepted. */
  readonly configured: boolean;
  verify(token: string, remoteIp: string | undefined): Promise<boolean>;
}

export const RECAPTCHA_VERIFIER = Symbol('RECAPTCHA_VERIFIER');

export const noRecaptcha: RecaptchaVerifier = { configured: false, verify: () => Promise.resolve(true) };
