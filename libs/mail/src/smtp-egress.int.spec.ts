import { EgressPolicy, OPERATOR_TENANCY } from '@lorawatch/platform/egress/egress-policy';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink';
import { SmtpMailer } from './smtp-mailer';

/** `mail.test` is this machine, `metadata.test` the cloud metadata address. */
const lookup = (host: string) =>
  Promise.resolve({ address: host === 'mail.test' ? '127.0.0.1' : '169.254.169.254', family: 4 });

describe('SMTP through the egress policy (a real SMTP server on loopback)', () => {
  let sink: SmtpSink;
  let port: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    port = Number(new URL(sink.url).port);
  });
  afterAll(() => sink.close());

  it("delivers to the address the policy resolved: the operator's server on a private address is fine", async () => {
    const policy = new EgressPolicy(
      { allow: [], ownPorts: [], demoBrokerPort: null },
      OPERATOR_TENANCY,
      lookup,
    );
    const mailer = new SmtpMailer(`smtp://mail.test:${port}`, 'LoRaWatch <alerts@example.com>', policy);
    await mailer.send({ to: 'pinned@example.com', subject: 'Pinned', text: 'through the checked address' });
    mailer.close();
    expect(await sink.next('pinned@example.com')).toMatchObject({ subject: 'Pinned' });
  });

  it("refuses a link-local server and this server's own port", async () => {
    const policy = new EgressPolicy(
      { allow: [], ownPorts: [port], demoBrokerPort: null },
      OPERATOR_TENANCY,
      lookup,
    );
    const mail = { to: 'b@example.com', subject: 's', text: 't' };
    await expect(
      new SmtpMailer('smtp://metadata.test:25', 'a@example.com', policy).send(mail),
    ).rejects.toThrow('refused by policy');
    await expect(new SmtpMailer(sink.url, 'a@example.com', policy).send(mail)).rejects.toThrow(
      'refused by policy',
    );
  });
});
