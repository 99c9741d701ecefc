import { describe, expect, it } from "vitest";
import { constantCase, fileSlug, pascalCase } from "./names.js";

describe("names of emitted declarations and files", () => {
  it("turns tags into class names, constants and file names", () => {
    expect(pascalCase("pet store")).toBe("PetStore");
    expect(constantCase(pascalCase("pet store"))).toBe("PET_STORE");
    expect(constantCase("getPetById")).toBe("GET_PET_BY_ID");
    expect(fileSlug("Pet Store")).toBe("pet-store");
    expect(fileSlug("codeScanning")).toBe("code-scanning");
  });

  it("keeps every identifier valid when a tag starts with a digit (DigitalOcean's `1-Click Applications`)", () => {
    expect(pascalCase("1-Click Applications")).toBe("_1ClickApplications");
    expect(constantCase(pascalCase("1-Click Applications"))).toBe("_1_CLICK_APPLICATIONS");
    expect(constantCase("_2fa")).toBe("_2FA");
    expect(fileSlug("1-Click Applications")).toBe("1-click-applications");
  });
});
