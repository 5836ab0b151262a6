import { describe, expect, it } from "vitest";
import {
  ageOn,
  applicationChargeMessages,
  depositLimit,
  refusedCharge,
  refusedDeposit,
  SCREENING_FEE_CAP_DEFAULT,
  screeningFeeCapOn,
} from "./application-charges";

describe("what Connecticut lets a landlord charge an applicant", () => {
  it("takes the statute's $50 until staff record a year's cap, then the one in force that day", () => {
    expect(screeningFeeCapOn([], "2027-03-01")).toBe(SCREENING_FEE_CAP_DEFAULT);
    const caps = [
      { screeningFeeCap: 52, appliesFrom: "2027-01-01" },
      { screeningFeeCap: 54, appliesFrom: "2028-01-01" },
    ];
    expect(screeningFeeCapOn(caps, "2026-12-31")).toBe(50);
    expect(screeningFeeCapOn(caps, "2027-01-01")).toBe(52);
    expect(screeningFeeCapOn(caps, "2028-06-30")).toBe(54);
  });

  it("records a screening fee up to the cap, and no application or processing fee at all", () => {
    expect(refusedCharge({ kind: "screening_fee", amount: 50 }, 50)).toBeNull();
    expect(refusedCharge({ kind: "screening_fee", amount: 55 }, 50)).toBe(
      applicationChargeMessages.feeAboveCap(50),
    );
    expect(refusedCharge({ kind: "screening_fee", amount: -1 }, 50)).toBe(
      applicationChargeMessages.feeNegative,
    );
    expect(refusedCharge({ kind: "application_fee", amount: 25 }, 50)).toBe(
      applicationChargeMessages.chargeNotAllowed,
    );
    expect(refusedCharge({ kind: "security_deposit", amount: 3000 }, 50)).toBeNull();
  });

  it("allows a deposit of two months' rent, one month's for an applicant 62 or older", () => {
    expect(depositLimit(1500, 40)).toEqual({ months: 2, limit: 3000 });
    expect(depositLimit(1500, 62)).toEqual({ months: 1, limit: 1500 });
    expect(depositLimit(1500, null)).toEqual({ months: 2, limit: 3000 });
    expect(refusedDeposit({ rent: 1500, deposit: 3000 }, 61)).toBeNull();
    expect(refusedDeposit({ rent: 1500, deposit: 3001 }, 61)).toBe(
      applicationChargeMessages.depositAboveLimit(2, 3000),
    );
    expect(refusedDeposit({ rent: 1500, deposit: 1600 }, 70)).toContain("62 or older");
  });

  it("counts an age as a birthday does", () => {
    expect(ageOn("1965-06-15", "2027-06-14")).toBe(61);
    expect(ageOn("1965-06-15", "2027-06-15")).toBe(62);
    expect(ageOn("1964-02-29", "2026-03-01")).toBe(62);
  });
});
