// jest 29 as most apps set it up for component tests: the jsdom environment (jest-environment-jsdom 29, jsdom 20).
module.exports = { testEnvironment: "jsdom", testMatch: ["**/*.test.cjs"] };
