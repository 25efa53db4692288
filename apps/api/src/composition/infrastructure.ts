import { createSecretKey } from 'node:crypto';
import type { DataSource } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';
import type { Redis } from '@wfm/memory/redis';
import type { Logger } from '@wfm/core/logger';
import type { Clock } from '@wfm/core/clock';
import { transactionRunner, type TransactionRunner } from '@wfm/db/transaction';
import { HeldTransactions } from '@wfm/db/held-transaction';
import { ScryptPasswordHasher, scryptParamsFor, SecretHasher } from '@wfm/core/crypto';
import { ScryptWorkerPool } from '@wfm/core/scrypt-pool';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import type { ApiConfig } from '../config.js';
import { OpenApiDocument } from '../http/openapi.js';
import { PUBLIC_API_DESCRIPTION } from '../http/public-api-description.js';
import { ListCursorCodec } from '../lists/list-cursor.js';
import { PublicLists } from '../lists/public-lists.js';
import { LocalFileStorage } from '../storage/file-storage.js';
import { PdfWorkerPool } from '../pdf/pdf-worker-pool.js';
import { TokenService } from '../modules/identity/auth/token.service.js';
import { MailRepository } from '../modules/notifications/mail/mail.repository.js';
import { OutboxMailer } from '../modules/notifications/mail/mail.service.js';
import { nodemailerSender } from '../modules/notifications/mail/mail.transport.js';
import { MailDrop } from '../modules/notifications/mail/mail-drop.js';
import { AccessFeed } from '../modules/access/feed/access-feed.service.js';
import { PropagationMetrics } from '../modules/access/feed/propagation.js';
import { PeoplePolicy } from '../modules/organization/users/people-policy.service.js';
import { UsersRepository } from '../modules/organization/users/users.repository.js';
import { UserOutletsRepository } from '../modules/organization/user-outlets/user-outlets.repository.js';
import { OutletScopeService } from '../modules/organization/user-outlets/outlet-scope.service.js';
import { publishAfterCommit } from './after-commit-bus.js';

export type InfraConfig = ApiConfig & { jwtSecret: string; dataEncryptionKey: string };

/**
 * What every domain's composer may take: made once here, so each service gets the same instance
 * (one transaction runner, one mailer, one file store) instead of each composer making its own.
 * The people policy and outlet scopes sit here, not in the organization composer, because nearly
 * every domain asks them and the organization's users in turn need access and identity services:
 * built from their tables alone, they break that ring.
 */
export interface Infrastructure {
  config: InfraConfig;
  ds: DataSource;
  bus: Bus;
  redis: Redis | null;
  logger: Logger;
  clock: Clock;
  transaction: TransactionRunner;
  /** The request transactions Idempotency-Key holds (issue 32); work to do after their commit is queued here. */
  held: HeldTransactions;
  tokens: TokenService;
  passwordHashing: ScryptWorkerPool;
  passwords: ScryptPasswordHasher;
  pdf: PdfWorkerPool;
  secrets: SecretHasher;
  encryptor: AesGcmEncryptor;
  mailer: OutboxMailer;
  files: LocalFileStorage;
  openapi: OpenApiDocument;
  publicOpenapi: OpenApiDocument;
  /** Offset and cursor paging of every /public list. */
  publicLists: PublicLists;
  /** The API's own address, /api/v1 included. */
  publicBaseUrl: string;
  /** The web app's address. */
  appUrl: string;
  /** Tenant-chosen addresses (webhooks, identity and access providers) go out under one egress policy. */
  egress: { allowedTargets: InfraConfig['webhooks']['allowedTargets'] };
  accessPropagation: PropagationMetrics;
  accessFeed: AccessFeed;
  people: PeoplePolicy;
  outletScopes: OutletScopeService;
}

export function buildInfrastructure(deps: { config: InfraConfig; dataSource: DataSource; bus: Bus; redis: Redis | null; logger: Logger; clock: Clock }): Infrastructure {
  const { config, dataSource: ds, logger, clock } = deps;
  const held = HeldTransactions.of(ds);
  const bus = publishAfterCommit(deps.bus, held);
  const tokens = new TokenService(createSecretKey(Buffer.from(config.jwtSecret)), clock, {
    accessSeconds: config.accessTtlSeconds,
    refreshSeconds: config.refreshTtlSeconds,
    accessLabel: config.accessTtlLabel,
    refreshLabel: config.refreshTtlLabel,
  });
  // Its own threads, not libuv's pool: a login flood must not queue ahead of the door path's signature checks.
  const passwordHashing = new ScryptWorkerPool(config.passwordHashing);
  const appUrl = config.publicAppUrl.replace(/\/$/, '');
  const accessPropagation = new PropagationMetrics();
  return {
    config,
    ds,
    bus,
    redis: deps.redis,
    logger,
    clock,
    transaction: transactionRunner(ds),
    held,
    tokens,
    passwordHashing,
    passwords: new ScryptPasswordHasher(scryptParamsFor(config.passwordHashCost), passwordHashing.derive),
    // Seconds of CPU for a large document: on threads of their own, each task within a time budget.
    pdf: new PdfWorkerPool(config.pdf),
    secrets: new SecretHasher(config.secretPepper ?? config.jwtSecret),
    encryptor: new AesGcmEncryptor(config.dataEncryptionKey),
    mailer: new OutboxMailer(
      new MailRepository(ds),
      clock,
      logger,
      config.smtpUrl ? { smtp: nodemailerSender(config.smtpUrl) } : { drop: new MailDrop(config.mailDropDir, clock) },
      config.mailFrom,
      (task) => held.afterCommit(task),
    ),
    // Every area's uploaded and generated files in one store; an S3-compatible FileStorage would go here.
    files: new LocalFileStorage(config.fileStorageDir),
    openapi: new OpenApiDocument(),
    publicOpenapi: new OpenApiDocument({ title: 'Workforce Platform developer API', description: PUBLIC_API_DESCRIPTION }),
    // No variable of its own: the codec derives its key from JWT_SECRET under a label of its own.
    publicLists: new PublicLists(new ListCursorCodec(config.jwtSecret)),
    publicBaseUrl: `${appUrl}/api/v1`,
    appUrl,
    egress: { allowedTargets: config.webhooks.allowedTargets },
    accessPropagation,
    accessFeed: new AccessFeed(bus, logger, { timeoutMs: config.accessPropagationTimeoutMs, metrics: accessPropagation, held }),
    // Every path that changes a person asks this one policy (libs/core/people-policy).
    people: new PeoplePolicy(new UsersRepository(ds)),
    outletScopes: new OutletScopeService(new UserOutletsRepository(ds)),
  };
}
