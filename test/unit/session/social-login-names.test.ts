import { describe, expect, it } from "vitest";
import {
  createHostedPageUrls,
  SOCIAL_LOGIN_PROVIDER_NAMES,
  SOCIAL_LOGIN_PROVIDERS,
  type SocialLoginProvider,
} from "../../../src/session/index.js";

const urls = createHostedPageUrls("https://auth.example.com");

describe("social login provider names", () => {
  it("accepts each provider as the provider spells it and as its path has it, with the same URL", () => {
    expect(SOCIAL_LOGIN_PROVIDER_NAMES.map((name) => name.toLowerCase())).toEqual(SOCIAL_LOGIN_PROVIDERS);
    for (const name of SOCIAL_LOGIN_PROVIDER_NAMES) {
      expect(urls.socialLogin(name)).toBe(`https://auth.example.com/${name.toLowerCase()}/login`);
      expect(urls.socialLogin(name.toLowerCase() as SocialLoginProvider)).toBe(urls.socialLogin(name));
    }
  });

  it("rejects any other spelling at compile time and at run time, listing the valid names", () => {
    // @ts-expect-error the provider spells it "Github"
    expect(() => urls.socialLogin("GitHub")).toThrow(
      "Unknown social login provider: GitHub. Known: Google, Github, Microsoft",
    );
    // @ts-expect-error not a provider
    expect(() => urls.socialLogin("myspace")).toThrow(/Known: .*Apple$/);
  });
});
