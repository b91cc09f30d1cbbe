import { mkdtemp, readlink, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isCI, testDatabaseUrl } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody, registrationProfile, validDocuments } from "../fixtures";
import {
  createTestDatabase,
  randomAccount,
  signIn,
  startTestApp,
  type TestApp,
  testOrigin,
} from "../helpers";
import {
  type BackendProcess,
  randomClientIp,
  signInOverHttp,
  startBackendProcess,
  stopBackendProcess,
} from "./backend-process";
import { checkoutPreviousRelease, previousCommit, previousReleaseInHistory } from "./previous-release";

// A shallow clone lacks the previous release: the drill says so in the log and skips (a clone with history runs it).
const inHistory = previousReleaseInHistory();
if (!inHistory)
  process.stdout.write(
    `rolling-upgrade drill skipped: commit ${previousCommit} is not in this clone's history${isCI ? " (CI)" : ""}\n`,
  );

const encryptionKey = "c3".repeat(32);

describe.runIf(testDatabaseUrl && inHistory)(
  "drill: rolling upgrade, the previous release and this one on one database",
  () => {
    const admin = randomAccount();
    const cleanups: (() => Promise<unknown>)[] = [];
    let previous: BackendProcess;
    let next: TestApp;

    beforeAll(async () => {
      const [release, database, storageDir] = await Promise.all([
        checkoutPreviousRelease(),
        createTestDatabase(),
        mkdtemp(join(tmpdir(), "farm-upgrade-storage-")),
      ]);
      cleanups.push(release.remove, database.drop, () => rm(storageDir, { recursive: true, force: true }));
      const env = {
        DATABASE_URL: database.url,
        ENCRYPTION_KEY: encryptionKey,
        ADMIN_ADDRESSES: admin.address,
      };
      // Version N serves first (its migrations applied), then N+1 starts on the same database and migrates it.
      previous = await startBackendProcess(
        "previous-release",
        { ...env, STORAGE_DIR: storageDir, TRUST_PROXY: "true" },
        join(release.dir, "backend"),
      );
      cleanups.push(() => stopBackendProcess(previous));
      // The process runs the checked-out release, not this one.
      if (process.platform === "linux")
        expect(await readlink(`/proc/${previous.child.pid}/cwd`)).toBe(join(release.dir, "backend"));
      next = await startTestApp({ env });
      cleanups.push(() => next.close());
    }, 120_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("both serve sign-ins, registrations and the admin's reads of each other's writes", async () => {
      const ip = randomClientIp();
      // A farmer registers through the previous release, after the new one migrated the database.
      const oldFarmer = randomAccount();
      const oldCookie = await signInOverHttp(previous.url, previous.url, oldFarmer, ip);
      const oldProfile = registrationProfile();
      const body = multipartBody({ profile: JSON.stringify(oldProfile) }, validDocuments());
      const registered = await fetch(`${previous.url}/api/farmers/register`, {
        method: "POST",
        headers: { ...body.headers, cookie: oldCookie, origin: testOrigin, "x-forwarded-for": ip },
        body: body.payload,
      });
      expect(registered.status).toBe(201);
      const oldFarmerId = ((await registered.json()) as { farmerId: string }).farmerId;

      // Another registers through the new release.
      const newProfile = registrationProfile();
      const newBody = multipartBody({ profile: JSON.stringify(newProfile) }, validDocuments());
      const newRegistered = await next.app.inject({
        method: "POST",
        url: "/api/farmers/register",
        headers: { ...newBody.headers, cookie: await signIn(next.app, randomAccount()) },
        payload: newBody.payload,
      });
      expect(newRegistered.statusCode).toBe(201);
      const newFarmerId = newRegistered.json().farmerId as string;

      // The admin reads both through each release.
      const adminOnNew = await signIn(next.app, admin);
      const adminOnOld = await signInOverHttp(previous.url, previous.url, admin, ip);
      for (const [id, nik] of [
        [oldFarmerId, oldProfile.personal.nik],
        [newFarmerId, newProfile.personal.nik],
      ] as const) {
        const onNew = await next.app.inject({
          method: "GET",
          url: `/api/farmers/${id}`,
          headers: { cookie: adminOnNew },
        });
        expect(onNew.statusCode).toBe(200);
        expect(onNew.body).toContain(nik);
        const onOld = await fetch(`${previous.url}/api/farmers/${id}`, {
          headers: { cookie: adminOnOld, "x-forwarded-for": ip },
        });
        expect(onOld.status).toBe(200);
        expect(await onOld.text()).toContain(nik);
      }
      const approved = await fetch(`${previous.url}/api/admin/farmers/${newFarmerId}/approve`, {
        method: "POST",
        headers: { cookie: adminOnOld, origin: testOrigin, "x-forwarded-for": ip },
      });
      expect(approved.status).toBe(200);
      const seen = await next.app.inject({
        method: "GET",
        url: `/api/farmers/${newFarmerId}`,
        headers: { cookie: adminOnNew },
      });
      expect(seen.json()).toMatchObject({ status: "approved" });
    });
  },
);
