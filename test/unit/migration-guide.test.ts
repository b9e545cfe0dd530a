/**
 * docs/migrating-from-propelauth.md maps every public name of the vendor's packages. The names below are the
 * exports of @propelauth/react 2.1.1 and @propelauth/frontend-apis-react 0.0.20 (their index.d.ts), and the functions
 * of the client `useAuthFrontendApis()` returns.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const VENDOR_REACT = [
  "createClient",
  "OrgMemberInfoClass",
  "UserClass",
  "AccessHelper",
  "AccessHelperWithOrg",
  "IAuthClient",
  "IAuthOptions",
  "OrgHelper",
  "OrgIdToOrgMemberInfo",
  "OrgIdToOrgMemberInfoClass",
  "OrgMemberInfo",
  "RedirectToAccountOptions",
  "RedirectToCreateOrgOptions",
  "RedirectToLoginOptions",
  "RedirectToOrgPageOptions",
  "RedirectToSetupSAMLPageOptions",
  "RedirectToSignupOptions",
  "User",
  "UserFields",
  "UserProperties",
  "AuthProvider",
  "AuthProviderProps",
  "RequiredAuthProviderProps",
  "AuthProviderForTesting",
  "AuthProviderForTestingProps",
  "UserInformationForTesting",
  "useAccessHelper",
  "useOrgHelper",
  "UseAccessHelper",
  "UseAccessHelperLoaded",
  "UseAccessHelperLoading",
  "UseOrgHelper",
  "UseOrgHelperLoaded",
  "UseOrgHelperLoading",
  "loadOrgSelectionFromLocalStorage",
  "saveOrgSelectionToLocalStorage",
  "useActiveOrg",
  "useAuthInfo",
  "UseAuthInfoProps",
  "UseAuthInfoLoading",
  "UseAuthInfoLoggedInProps",
  "UseAuthInfoNotLoggedInProps",
  "useAuthUrl",
  "useHostedPageUrls",
  "useLogoutFunction",
  "RedirectToLogin",
  "RedirectToSignup",
  "useRedirectFunctions",
  "RedirectProps",
  "RequiredAuthProvider",
  "withAuthInfo",
  "WithAuthInfoArgs",
  "WithAuthInfoProps",
  "WithLoggedInAuthInfoProps",
  "WithNotLoggedInAuthInfoProps",
  "withRequiredAuthInfo",
  "WithRequiredAuthInfoArgs",
];
/** The App Router exports of @propelauth/nextjs 0.3.17 (server/app-router, server, client index.d.ts), not the re-exported backend API types. */
const VENDOR_NEXTJS = [
  "getUser",
  "getUserOrRedirect",
  "RedirectOptions",
  "authMiddleware",
  "buildAuthMiddleware",
  "PropelAuthMiddlewareOptions",
  "AuthHookResponse",
  "getRouteHandlers",
  "RouteHandlerArgs",
  "getAccessToken",
  "getAccessTokenAsync",
  "getCurrentPath",
  "getCurrentPathAsync",
  "getCurrentUrl",
  "validateAccessToken",
  "validateAccessTokenOrUndefined",
  "UnauthorizedException",
  "ConfigurationException",
  "UserFromToken",
  "OrgMemberInfo",
  "OrgIdToOrgMemberInfo",
  "getPropelAuthApis",
  "AuthProvider",
  "AuthProviderProps",
  "useUser",
  "UseUser",
  "UseUserLoggedIn",
  "UseUserNotLoggedIn",
  "UseUserLoading",
  "User",
  "useLogoutFunction",
  "useRedirectFunctions",
  "useHostedPageUrls",
  "useAuthUrl",
  "useRefreshAuth",
];
const VENDOR_FRONTEND_APIS_REACT = [
  "MfaStatus",
  "UseMfaReturnType",
  "UsePaginationWithSearchProps",
  "useAuthFrontendApis",
  "useMfa",
  "usePaginationWithSearch",
];
const FRONTEND_APIS_CLIENT = [
  "enableMfa",
  "disableMfa",
  "fetchMfaStatusWithNewSecret",
  "updatePassword",
  "deleteAccount",
  "updateUserMetadata",
  "updateEmail",
  "fetchOrgMembers",
  "fetchPendingOrgInvites",
  "fetchExpiredOrgInvites",
  "inviteUserToOrg",
  "removeUserFromOrg",
  "updateUserRoleInOrg",
  "revokeUserOrgInvitation",
  "updateOrgSettings",
  "fetchOrgSettings",
  "deleteOrg",
  "createOrg",
  "fetchPersonalApiKeys",
  "createPersonalApiKey",
  "fetchOrgApiKeys",
  "createOrgApiKey",
  "deleteApiKey",
  "updateApiKey",
  "fetchLoginState",
  "emailPasswordLogin",
  "resendEmailConfirmation",
  "verifyMfaForLogin",
  "verifyMfaBackupCodeForLogin",
  "sendForgotPasswordEmail",
  "fetchJoinableOrgs",
  "joinOrg",
  "passwordlessLogin",
  "loginViaSamlForOrg",
  "signup",
  "loginWithSocialProvider",
];

const ROOT = join(import.meta.dirname, "..", "..");
const guide = readFileSync(join(ROOT, "docs", "migrating-from-propelauth.md"), "utf8");

/** The source module behind each package entry the guide may name. */
const ENTRY_SOURCES: Record<string, string> = {
  orgauth: "src/index.ts",
  "orgauth/react": "src/react.ts",
  "orgauth/testing": "src/testing/index.ts",
  "orgauth/testing/react": "src/testing/react.ts",
  "orgauth/nextjs": "src/nextjs/index.ts",
  "orgauth/nextjs/client": "src/nextjs/client.ts",
  "orgauth/server": "src/server/index.ts",
  "orgauth/express": "src/express/index.ts",
  "orgauth/fastify": "src/fastify/index.ts",
  "orgauth/fetch": "src/fetch/index.ts",
};

/** One row of a mapping table: its cells, and the entry each cell's names must be importable from. */
interface Row {
  cells: string[];
  /** The cells of orgauth's side: neither the vendor's, nor the entry, nor the notes. */
  ours: string[];
  /** Column index → entry (`undefined`: the column names no imports). */
  entries: (string | undefined)[];
}

const CODE_SPAN = /`([^`]+)`/g;
const ENTRY_NAME = /^orgauth(\/[a-z]+){0,2}$/;

function cellsOf(line: string): string[] {
  return line
    .replace(/\\\|/g, "¦")
    .split("|")
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/** The entry a header cell names (`fetcher (\`orgauth\`)`), if any. */
function entryInHeader(cell: string): string | undefined {
  return [...cell.matchAll(CODE_SPAN)].map((match) => match[1]!).find((span) => ENTRY_NAME.test(span));
}

/**
 * Every row of the guide's mapping tables. A table either has an "entry" column (the entry of the orgauth column
 * in that row, "—" when the row names no import) or names the entry of a column in its header.
 */
function mappingRows(): Row[] {
  const rows: Row[] = [];
  let header: string[] | undefined;
  for (const line of guide.split("\n")) {
    if (!line.startsWith("|")) {
      header = undefined;
      continue;
    }
    if (/^\|\s*-/.test(line)) continue;
    const cells = cellsOf(line);
    if (!header) {
      header = cells;
      continue;
    }
    const entryColumn = header.findIndex((cell) => cell.toLowerCase() === "entry");
    const entries = header.map((cell, index) => {
      if (entryColumn >= 0) {
        if (index !== 1) return undefined;
        const entry = cells[entryColumn]?.replace(/`/g, "");
        return entry === "—" ? undefined : entry;
      }
      return entryInHeader(cell);
    });
    const ours = cells.filter((_, index) => index > 0 && !/^(entry|notes)$/i.test(header?.[index] ?? ""));
    rows.push({ cells, ours, entries });
  }
  return rows;
}

/** Identifiers a code span names as imports: not a member (`x.name`) and not an object key (`name:`). */
function namesIn(cell: string): string[] {
  return [...cell.matchAll(CODE_SPAN)].flatMap((span) =>
    [...span[1]!.matchAll(/(?<![.\w$"'])([A-Za-z_$][\w$]*)(?![\w$]*\s*[:=])/g)].map((match) => match[1]!),
  );
}

/** The names (values and types) each entry exports, read by the TypeScript compiler from the sources. */
function exportsByEntry(): Map<string, Set<string>> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  const files = Object.values(ENTRY_SOURCES).map((file) => join(ROOT, file));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const result = new Map<string, Set<string>>();
  for (const [entry, file] of Object.entries(ENTRY_SOURCES)) {
    const source = program.getSourceFile(join(ROOT, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${file} is not a module`);
    result.set(entry, new Set(checker.getExportsOfModule(moduleSymbol).map((symbol) => symbol.name)));
  }
  return result;
}

/** The first cell of every table row: the vendor's side. */
const rows = mappingRows();
const vendorCells = rows.map((row) => row.cells[0] ?? "");

function mapped(name: string): boolean {
  return vendorCells.some(
    (cell) => cell.includes(`\`${name}\``) || cell.includes(`\`${name}.`) || cell.includes(`\`${name}(`),
  );
}

describe("the migration guide", () => {
  it.each([
    ["@propelauth/react", VENDOR_REACT],
    ["@propelauth/frontend-apis-react", VENDOR_FRONTEND_APIS_REACT],
    ["@propelauth/nextjs", VENDOR_NEXTJS],
    ["useAuthFrontendApis()", FRONTEND_APIS_CLIENT],
  ])("maps every public name of %s", (_, names) => {
    expect(names.filter((name) => !mapped(name))).toEqual([]);
  });

  describe("names the entry of every orgauth name it gives", () => {
    const exported = exportsByEntry();
    const everywhere = new Set([...exported.values()].flatMap((names) => [...names]));

    it("only entries the package has", () => {
      const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
        exports: Record<string, unknown>;
      };
      const stated = new Set(rows.flatMap((row) => row.entries.filter((entry) => entry !== undefined)));
      expect(stated.size).toBeGreaterThan(1);
      for (const entry of stated) {
        expect(Object.keys(manifest.exports), entry).toContain(entry.replace(/^orgauth/, "."));
        expect(Object.keys(ENTRY_SOURCES), entry).toContain(entry);
      }
    });

    it("and each orgauth name is importable from the entry stated beside it", () => {
      const wrong = rows.flatMap((row) =>
        row.cells.flatMap((cell, column) => {
          const entry = row.entries[column];
          const names = namesIn(cell).filter((name) => everywhere.has(name));
          if (entry === undefined) return column === 1 ? names.map((name) => `${name}: no entry given`) : [];
          const fromEntry = exported.get(entry)!;
          if (cell === "—") return [];
          if (names.length === 0) return [`${cell}: "${entry}" stated, but no orgauth name in the cell`];
          return names.filter((name) => !fromEntry.has(name)).map((name) => `${name} is not exported by ${entry}`);
        }),
      );
      expect(wrong).toEqual([]);
    });

    it("and a vendor name orgauth exports too is mapped to that same name (else it would compile, meaning something else)", () => {
      const ours = (name: string) =>
        rows.some(
          (row) => row.cells[0]?.includes(`\`${name}\``) && row.ours.some((cell) => namesIn(cell).includes(name)),
        );
      const traps = [...VENDOR_REACT, ...VENDOR_FRONTEND_APIS_REACT].filter(
        (name) => everywhere.has(name) && !ours(name),
      );
      expect(traps).toEqual([]);
    });

    it("including every name the worked example imports", () => {
      const imports = [...guide.matchAll(/import \{([^}]+)\} from "(orgauth[^"]*)"/g)];
      expect(imports.length).toBeGreaterThan(0);
      const missing = imports.flatMap(([, names, entry]) =>
        names!
          .split(",")
          .map((name) => name.replace(/^\s*type\s+/, "").trim())
          .filter((name) => name !== "" && !exported.get(entry!)?.has(name))
          .map((name) => `${name} from ${entry}`),
      );
      expect(missing).toEqual([]);
    });
  });
});
