/** Outgoing mail (account activation, password recovery, email change, notifications). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** False when no SMTP server is configured: flows that need mail say so instead of pretending to send. */
  readonly configured: boolean;
  /** Resolves once the SMTP server accepted the message; rejects with the server's reason otherwise. */
  send(mail: Mail): Promise<void>;
}

export const MAILER = Symbol('MAILER');

export class MailNotConfiguredError extends Error {
  constructor() {
    super('No SMTP server is configured (set SMTP_URL)');
    this.name = 'MailNotConfiguredError';
  }
}

/** The mailer of a deployment without SMTP_URL. */
export const noMailer: Mailer = {
  configured: false,
  send: () => Promise.reject(new MailNotConfiguredError()),
};
