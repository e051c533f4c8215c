import { startApp, ADMIN_PASSWORD, type Harness } from './support/app-harness';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink';

const API = '/api/v1.0';
const PASSWORD = 'Fresh!pass1';

/** The token of the console route a mailed link points at. */
function linkToken(mail: ReceivedMail, route: string, publicUrl: string): string {
  const match = new RegExp(`${publicUrl}/${route}/(\\S+)`).exec(mail.text);
  if (!match) throw new Error(`no ${route} link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

/** Account flows through real mail: a real SMTP server receives what the app sends. */
describe('account flows with mail', () => {
  let harness: Harness;
  let sink: SmtpSink;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    sink = await startSmtpSink();
    harness = await startApp({
      SMTP_URL: sink.url,
      PUBLIC_URL: 'https://console.example.com',
      RATE_LIMIT_LOGIN: '0',
    });
  });
  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  const login = (username: string, password: string) =>
    harness.http.post(`${API}/login`).send({ username, password });

  async function signUp(username: string, email: string): Promise<string> {
    const response = await harness.http
      .post(`${API}/register`)
      .send({
        username,
        full_name: 'Jane Doe',
        email,
        phone: '+598-99123456',
        recaptcha_token: 'placeholder',
      })
      .expect(200);
    expect(response.body).toEqual({ message: 'An email was sent to the account provided', error: undefined });
    return linkToken(await sink.next(email), 'activation', harness.config.publicUrl);
  }

  async function activeUser(username: string, email: string): Promise<string> {
    const token = await signUp(username, email);
    await harness.http
      .put(`${API}/create_password/${token}`)
      .send({ password: PASSWORD, password2: PASSWORD })
      .expect(200);
    return (await login(username, PASSWORD).expect(200)).body.access_token as string;
  }

  it('signs up, activates through the mailed link into a new organization, and signs in', async () => {
    const token = await signUp('jdoe', 'jdoe@example.com');
    await login('jdoe', PASSWORD).expect(403);

    const activated = await harness.http
      .put(`${API}/create_password/${token}`)
      .send({ password: PASSWORD, password2: PASSWORD })
      .expect(200);
    expect(activated.body).toEqual({ message: 'Password Changed Successfully' });
    // The link works once.
    const again = await harness.http
      .put(`${API}/create_password/${token}`)
      .send({ password: PASSWORD })
      .expect(400);
    expect(again.body.message).toBe('Invalid token');

    const signedIn = await login('jdoe@example.com', PASSWORD).expect(200);
    const own = await harness.http.get(`${API}/user_token`).set(auth(signedIn.body.access_token)).expect(200);
    expect(own.body).toMatchObject({
      username: 'jdoe',
      full_name: 'Jane Doe',
      email: 'jdoe@example.com',
      phone: '+598-99123456',
      user_roles: [2],
      active: true,
      organization_name: 'jdoe',
      first_login: true,
    });
    expect(own.body.organization_id).not.toBe(1);
  });

  it('answers a sign-up with a known address like any other, and tells the owner by mail', async () => {
    const response = await harness.http
      .post(`${API}/register`)
      .send({ username: 'someoneelse', full_name: 'X', email: 'admin@example.com', recaptcha_token: 'p' })
      .expect(200);
    expect(response.body.message).toBe('An email was sent to the account provided');
    const mail = await sink.next('admin@example.com');
    expect(mail.text).toContain('already has an account');
    expect(mail.text).not.toMatch(/activation\//);
  });

  it('refuses a set password that breaks the rule, without echoing it, and a mismatched repetition', async () => {
    const token = await signUp('weakling', 'weak@example.com');
    const weak = await harness.http
      .put(`${API}/create_password/${token}`)
      .send({ password: 'password1' })
      .expect(400);
    expect(weak.body).toEqual({
      error:
        'Password is not valid: it is a common password or too easy to guess; a few unrelated words work well',
      message:
        'Password is not valid: it is a common password or too easy to guess; a few unrelated words work well',
    });
    const mismatch = await harness.http
      .put(`${API}/create_password/${token}`)
      .send({ password: PASSWORD, password2: 'Other!pass1' })
      .expect(400);
    expect(mismatch.body.message).toBe('Passwords do not match');
    for (const bad of ['nonsense', '1.short', `999999.${'a'.repeat(43)}`]) {
      const response = await harness.http
        .put(`${API}/create_password/${bad}`)
        .send({ password: PASSWORD })
        .expect(400);
      expect(response.body.message).toBe('Invalid token');
    }
  });

  it('recovers a password through the mailed link, once, and signs in with the new one', async () => {
    await activeUser('recoverer', 'recoverer@example.com');
    const asked = await harness.http
      .put(`${API}/password_recovery`)
      .send({ email: ' recoverer@example.com ', recaptcha_token: 'p' })
      .expect(200);
    expect(asked.body).toBeNull();
    const token = linkToken(
      await sink.next('recoverer@example.com'),
      'change_password',
      harness.config.publicUrl,
    );

    const weak = await harness.http
      .put(`${API}/change_password_by_recovery/${token}`)
      .send({ password: 'x' })
      .expect(400);
    expect(weak.body.message).toBe('Password is not valid: use 8 to 128 characters');
    const changed = await harness.http
      .put(`${API}/change_password_by_recovery/${token}`)
      .send({ password: 'Second!pass2', password2: 'Second!pass2' })
      .expect(200);
    expect(changed.body).toEqual({ message: 'Password Changed Successfully' });
    await harness.http
      .put(`${API}/change_password_by_recovery/${token}`)
      .send({ password: 'Third!pass3' })
      .expect(400);
    await login('recoverer', PASSWORD).expect(403);
    await login('recoverer', 'Second!pass2').expect(200);
  });

  it('answers a recovery for an unknown account exactly like for a known one, and mails nothing', async () => {
    const unknown = await harness.http
      .put(`${API}/password_recovery`)
      .send({ email: 'ghost@example.com' })
      .expect(200);
    expect(unknown.body).toBeNull();
    expect(sink.mails.filter((mail) => mail.to.includes('ghost@example.com'))).toHaveLength(0);
  });

  it('changes the e-mail through a link mailed to the new address, then signs in with it', async () => {
    const access = await activeUser('mover', 'mover@example.com');
    const wrong = await harness.http
      .post(`${API}/change_email_request`)
      .set(auth(access))
      .send({ email: 'moved@example.com', current_password: 'Wrong!pass9' })
      .expect(400);
    expect(wrong.body.message).toBe('Current password is wrong');
    const same = await harness.http
      .post(`${API}/change_email_request`)
      .set(auth(access))
      .send({ email: 'mover@example.com', current_password: PASSWORD })
      .expect(400);
    expect(same.body.message).toBe('New e-mail cannot be the same as the current one.');
    // The address of another organization's account answers as a free one; its owner is told by mail.
    const taken = await harness.http
      .post(`${API}/change_email_request`)
      .set(auth(access))
      .send({ email: 'admin@example.com', current_password: PASSWORD })
      .expect(200);
    expect(taken.body).toEqual({ message: 'Email Request Sent Successfully' });
    expect((await sink.next('admin@example.com')).text).not.toContain('/change_email_request/');
    const invalid = await harness.http
      .post(`${API}/change_email_request`)
      .set(auth(access))
      .send({ email: 'not-an-address', current_password: PASSWORD })
      .expect(400);
    expect(invalid.body.message).toBe('Email not-an-address is not valid');

    const requested = await harness.http
      .post(`${API}/change_email_request`)
      .set(auth(access))
      .send({ email: 'moved@example.com', current_password: PASSWORD })
      .expect(200);
    expect(requested.body).toEqual({ message: 'Email Request Sent Successfully' });
    const token = linkToken(
      await sink.next('moved@example.com'),
      'change_email_request',
      harness.config.publicUrl,
    );
    await login('moved@example.com', PASSWORD).expect(403);

    const confirmed = await harness.http.put(`${API}/change_email/${token}`).expect(200);
    expect(confirmed.body).toEqual({ message: 'E-mail Changed Successfully' });
    const reused = await harness.http.put(`${API}/change_email/${token}`).expect(400);
    expect(reused.body.message).toBe('Invalid token');
    await login('moved@example.com', PASSWORD).expect(200);
    await login('mover@example.com', PASSWORD).expect(403);
  });

  it('changes the password with the current one', async () => {
    const access = await activeUser('changer', 'changer@example.com');
    const cases: Array<[Record<string, string>, string]> = [
      [{ current_password: 'Wrong!pass9', password: 'Next!pass22' }, 'Current password is wrong'],
      [
        { current_password: PASSWORD, password: 'nextpass' },
        'Password is not valid: it is a common password or too easy to guess; a few unrelated words work well',
      ],
      [{ current_password: PASSWORD, password: PASSWORD }, 'New password cannot be the same as current one'],
      [
        { current_password: PASSWORD, password: 'Next!pass22', password2: 'Next!pass23' },
        'Passwords do not match',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await harness.http
        .put(`${API}/change_password`)
        .set(auth(access))
        .send(body)
        .expect(400);
      expect(response.body.message).toBe(message);
      expect(JSON.stringify(response.body)).not.toContain(body.password);
    }
    await harness.http
      .put(`${API}/change_password`)
      .set(auth(access))
      .send({ current_password: PASSWORD, password: 'Next!pass22', password2: 'Next!pass22' })
      .expect(200, { message: 'Password Changed Successfully' });
    await login('changer', 'Next!pass22').expect(200);
  });

  it('lets an admin create a user of his organization, resend the activation, and the user activate', async () => {
    const admin = await harness.adminToken();
    const created = await harness.http
      .post(`${API}/register`)
      .set(auth(admin))
      .send({
        username: 'Operator2',
        full_name: 'Op Two',
        email: 'op2@example.com',
        phone: '',
        user_roles: '1',
      })
      .expect(200);
    expect(created.body.message).toBe('An email was sent to the account provided');
    const first = linkToken(await sink.next('op2@example.com'), 'activation', harness.config.publicUrl);

    const resent = await harness.http
      .put(`${API}/resend_activation`)
      .set(auth(admin))
      .send({ email: 'op2@example.com', username: 'operator2' })
      .expect(200);
    expect(resent.body).toEqual({ message: 'Activation E-mail Resent Successfully' });
    const second = linkToken(await sink.next('op2@example.com'), 'activation', harness.config.publicUrl);
    expect(second).not.toBe(first);
    // Only the newest link works.
    await harness.http.put(`${API}/create_password/${first}`).send({ password: PASSWORD }).expect(400);
    await harness.http.put(`${API}/create_password/${second}`).send({ password: PASSWORD }).expect(200);

    const access = (await login('operator2', PASSWORD).expect(200)).body.access_token as string;
    const own = await harness.http.get(`${API}/user_token`).set(auth(access)).expect(200);
    expect(own.body).toMatchObject({ organization_id: 1, user_roles: [1], phone: null, active: true });

    const active = await harness.http
      .put(`${API}/resend_activation`)
      .set(auth(admin))
      .send({ email: 'op2@example.com' })
      .expect(400);
    expect(active.body.message).toBe('Something went wrong trying to resend activation');
    const unknown = await harness.http
      .put(`${API}/resend_activation`)
      .set(auth(admin))
      .send({ email: 'nobody@example.com' })
      .expect(404);
    expect(unknown.body.message).toBe('Something went wrong trying to resend activation');
  });

  it('pauses sign-ins after 5 failed ones in a row, mails the recovery link, and the recovery lifts the pause', async () => {
    await activeUser('guesser', 'guesser@example.com');
    await login('guesser', 'Wrong!pass1').expect(403);
    await login('guesser', PASSWORD).expect(200);
    for (let attempt = 0; attempt < 5; attempt++) await login('guesser', `Wrong!pass${attempt}`).expect(403);
    // Paused: the right password does not help for now.
    await login('guesser', PASSWORD).expect(403);
    const mail = await sink.next('guesser@example.com');
    expect(mail.text).toContain('failed sign-ins');
    const token = linkToken(mail, 'change_password', harness.config.publicUrl);
    await harness.http
      .put(`${API}/change_password_by_recovery/${token}`)
      .send({ password: 'Unblock!ed1' })
      .expect(200);
    await login('guesser', 'Unblock!ed1').expect(200);
  });

  it('counts only consecutive failures: a success in between starts again', async () => {
    await activeUser('forgetful', 'forgetful@example.com');
    for (let attempt = 0; attempt < 4; attempt++) await login('forgetful', 'Wrong!pass1').expect(403);
    await login('forgetful', PASSWORD).expect(200);
    for (let attempt = 0; attempt < 4; attempt++) await login('forgetful', 'Wrong!pass1').expect(403);
    await login('forgetful', PASSWORD).expect(200);
  });

  it('signs out an access token and a refresh token', async () => {
    const signedIn = await login('admin', ADMIN_PASSWORD).expect(200);
    const { access_token: access, refresh_token: refresh } = signedIn.body as Record<string, string>;
    await harness.http.get(`${API}/user_token`).set(auth(access)).expect(200);
    const out = await harness.http.post(`${API}/logout_access`).set(auth(access)).expect(200);
    expect(out.body).toEqual({ message: 'Access token has been revoked' });
    const refused = await harness.http.get(`${API}/user_token`).set(auth(access)).expect(401);
    expect(refused.body.msg).toBe('Token has been revoked');

    // The refresh token of the same sign-in still works until it is signed out too.
    await harness.http.post(`${API}/logout_access`).set(auth(refresh)).expect(401);
    const outRefresh = await harness.http.post(`${API}/logout_refresh`).set(auth(refresh)).expect(200);
    expect(outRefresh.body).toEqual({ message: 'Refresh token has been revoked' });
    await harness.http.post(`${API}/token_refresh`).set(auth(refresh)).send({}).expect(401);
    await harness.http.post(`${API}/logout_refresh`).set(auth(refresh)).expect(401);
    await harness.http
      .post(`${API}/logout_refresh`)
      .set(auth(await harness.adminToken()))
      .expect(401);
  });
});
