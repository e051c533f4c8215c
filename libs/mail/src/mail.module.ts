import { Global, Module, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EgressPolicy, OPERATOR_TENANCY } from '@lorawatch/platform/egress/egress-policy';
import { egressRulesOf } from '@lorawatch/platform/egress/egress-rules';
import { MAILER, noMailer, type Mailer } from './mailer.port';
import { SmtpMailer } from './smtp-mailer';

/** The MAILER of the whole app: SMTP when `SMTP_URL` is set, otherwise a mailer that says it is not configured. */
@Global()
@Module({
  providers: [
    {
      provide: MAILER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Mailer =>
        config.smtpUrl === null
          ? noMailer
          : new SmtpMailer(
              config.smtpUrl,
              config.mailFrom,
              new EgressPolicy(egressRulesOf(config), OPERATOR_TENANCY),
            ),
    },
  ],
  exports: [MAILER],
})
export class MailModule implements OnApplicationShutdown {
  constructor(@Inject(MAILER) private readonly mailer: Mailer) {}

  onApplicationShutdown(): void {
    if (this.mailer instanceof SmtpMailer) this.mailer.close();
  }
}
