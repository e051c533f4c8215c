import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink';
import { MailNotConfiguredError, noMailer } from './mailer.port';
import { SmtpMailer } from './smtp-mailer';

describe('SMTP mailer against a real SMTP server', () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink.close());

  it('delivers a message with its sender, subject and text', async () => {
    const mailer = new SmtpMailer(sink.url, 'LoRaWatch <alerts@example.com>');
    await mailer.send({
      to: 'operator@example.com',
      subject: 'Activate your account',
      text: 'Follow the link',
    });
    mailer.close();
    const mail = await sink.next('operator@example.com');
    expect(mail).toMatchObject({ subject: 'Activate your account', text: 'Follow the link\n' });
  });

  it('fails when the server cannot be reached', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'a@example.com');
    await expect(mailer.send({ to: 'b@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });

  it('without SMTP_URL, says mail is not configured', async () => {
    expect(noMailer.configured).toBe(false);
    await expect(noMailer.send({ to: 'b@example.com', subject: 's', text: 't' })).rejects.toBeInstanceOf(
      MailNotConfiguredError,
    );
  });
});
