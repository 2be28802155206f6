import type { HealthResponse, PublicConfig } from '@rankwise/contract/app';
import type { Config } from '../../config.ts';
import { pingDatabase, type Database } from '../../db/client.ts';
import type { GoogleClient } from '../auth/google.ts';

export type AppServiceDeps = { database: Database; config: Config; google: GoogleClient; buildVersion: string };

/** The service's own state: ok when the database answers, degraded otherwise. */
export async function health(d: AppServiceDeps): Promise<HealthResponse> {
  const db = await pingDatabase(d.database);
  return { status: db.ok ? 'ok' : 'degraded', database: { kind: d.database.kind, ...db }, version: d.buildVersion };
}

/** Names, addresses and which sign-ins are on, for the web app. */
export async function publicConfig(d: AppServiceDeps): Promise<PublicConfig> {
  return {
    productName: d.config.PRODUCT_NAME,
    companyLegalName: d.config.COMPANY_LEGAL_NAME,
    supportEmail: d.config.SUPPORT_EMAIL,
    google: await d.google.publicConfig(),
    payments: { mode: d.config.cashfree.env, sdkUrl: d.config.cashfree.sdkUrl, testPayments: d.config.cashfree.env !== 'production' },
  };
}
