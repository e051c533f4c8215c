import { createTransport, type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.port';

/** Sends through the SMTP server of `SMTP_URL` (smtp:// or smtps://, credentials in the URL), from `MAIL_FROM`. */
export class SmtpMailer implements Mailer {
  readonly configured = true;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}
