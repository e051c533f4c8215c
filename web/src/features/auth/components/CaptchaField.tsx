import { Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { ACCOUNT_TEXTS } from '../utils/account-messages';

/** Sent instead of a captcha answer when the console has no site key (the server then checks nothing). */
export const CAPTCHA_PLACEHOLDER_TOKEN = 'captcha-not-configured';

/** The reCAPTCHA site key of this build (`VITE_RECAPTCHA_SITE_KEY`); null without one. */
export function configuredSiteKey(): string | null {
  const raw: unknown = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';

function loadRecaptcha(): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const ready = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha as Grecaptcha));
    if (window.grecaptcha) return ready();
    let script = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = SCRIPT_URL;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener('load', ready);
    script.addEventListener('error', () => reject(new Error('reCAPTCHA did not load')));
  });
}

export interface CaptchaFieldProps {
  siteKey: string | null;
  /** The answer token, or null when the widget expired or was reset. */
  onToken: (token: string | null) => void;
  /** The server refused the answer (docs/console.md §8 "captcha error flag"): the widget is reset for a new try. */
  failed: boolean;
}

/**
 * The captcha of the public forms. Without a site key there is nothing to solve: the placeholder token is
 * reported at once, so the forms' "token present" rule holds.
 */
export function CaptchaField({ siteKey, onToken, failed }: CaptchaFieldProps) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const report = useRef(onToken);
  report.current = onToken;

  useEffect(() => {
    if (!siteKey) {
      report.current(CAPTCHA_PLACEHOLDER_TOKEN);
      return;
    }
    let cancelled = false;
    loadRecaptcha()
      .then((api) => {
        if (cancelled || !container.current || widget.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          callback: (token) => report.current(token),
          'expired-callback': () => report.current(null),
        });
        widget.current = { api, id };
      })
      .catch(() => report.current(null));
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  useEffect(() => {
    if (!failed || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    report.current(null);
  }, [failed]);

  return (
    <Stack gap={4}>
      {siteKey && <div ref={container} aria-label="Captcha" />}
      {failed && (
        <Text c="red" size="sm" role="alert">
          {ACCOUNT_TEXTS.captchaFailed}
        </Text>
      )}
    </Stack>
  );
}
