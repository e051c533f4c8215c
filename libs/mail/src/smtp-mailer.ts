import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { EgressPolicy } from '@lorawatch/platform/egress/egress-policy';
import type { Mail, Mailer } from './mailer.port';

/**
 * Sends through the SMTP server of `SMTP_URL` (smtp:// or smtps://, credentials in the URL), from `MAIL_FROM`.
 * With an egress policy, the server's name is resolved and checked before each mail and the connection goes to
 * that address, the name kept for TLS; the operator sets SMTP_URL, so only the rules that hold for everyone apply
 * (no link-local address, none of this server's own ports).
 */
export class SmtpMailer implements Mailer {
  readonly configured = true;
  private readonly transport: Transporter | null;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
    private readonly egress: EgressPolicy | null = null,
  ) {
    this.transport = egress === null ? createTransport(smtpUrl) : null;
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport !== null) {
      await this.transport.sendMail({ from: this.from, ...mail });
      return;
    }
    const transport = createTransport(await this.pinnedOptions());
    try {
      await transport.sendMail({ from: this.from, ...mail });
    } finally {
      transport.close();
    }
  }

  close(): void {
    this.transport?.close();
  }

  private async pinnedOptions(): Promise<SMTPTransport.Options> {
    const url = new URL(this.smtpUrl);
    const secure = url.protocol === 'smtps:';
    const port = url.port !== '' ? Number(url.port) : secure ? 465 : 587;
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const pinned = await (this.egress as EgressPolicy).resolve(host, port, { operator: true });
    const user = decodeURIComponent(url.username);
    return {
      host: pinned.address,
      port,
      secure,
      ...(user !== '' ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
      tls: { servername: host },
    };
  }
}
