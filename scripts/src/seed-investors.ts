import { RISK_STATEMENT_VERSION } from "@farm/core";
import { demoPng } from "./demo-documents";

/** Who the demo investors are, as they would type it on /verify (NIKs of the demo, not real people). */
const demoIdentities: readonly {
  fullName: string;
  nik: string;
  dateOfBirth: string;
  professionalReason?: string;
}[] = [
  {
    fullName: "Sari Wulandari",
    nik: "3174034405900003",
    dateOfBirth: "1990-05-04",
    professionalReason: "I manage the treasury of a family agribusiness and invest in trade receivables.",
  },
  { fullName: "Budi Hartono", nik: "3578011208880004", dateOfBirth: "1988-08-12" },
];

interface DemoVerification {
  cookie: string;
  tier: number;
  annualIncomeRupiah: bigint;
}

/**
 * Puts the demo investors through the product's own verification (decision 0051): each sends its verification with a
 * KTP, the admin approves it (the operator writes the credential on chain, the limit from the declared income: the same
 * terms the seed gave them on chain, now recorded with their row), and each accepts the risk statement, so the demo
 * wallets can invest at once.
 */
export async function verifyDemoInvestors(
  options: { apiUrl: string; origin: string; adminCookie: string },
  investors: readonly DemoVerification[],
): Promise<void> {
  const { apiUrl, origin, adminCookie } = options;
  const post = async (cookie: string, path: string, body: FormData | object) => {
    const form = body instanceof FormData;
    const res = await fetch(`${apiUrl}${path}`, {
      method: "POST",
      headers: { cookie, origin, ...(form ? {} : { "content-type": "application/json" }) },
      body: form ? body : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id?: string };
  };
  for (const [index, investor] of investors.entries()) {
    const { professionalReason, ...identity } = demoIdentities[index]!;
    const tier = investor.tier === 2 ? "professional" : "retail";
    const form = new FormData();
    form.append(
      "verification",
      JSON.stringify({
        ...identity,
        annualIncomeRupiah: investor.annualIncomeRupiah.toString(),
        tier,
        ...(tier === "professional" && professionalReason ? { professionalReason } : {}),
      }),
    );
    form.append("ktp", new Blob([new Uint8Array(demoPng())], { type: "image/png" }), "ktp.png");
    const { id } = await post(investor.cookie, "/api/investors/verification", form);
    await post(adminCookie, `/api/admin/investors/${id}/approve`, {});
    await post(investor.cookie, "/api/investors/risk-acceptance", { version: RISK_STATEMENT_VERSION });
  }
}
