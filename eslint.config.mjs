// ESLint with typescript-eslint's type-aware recommended rules, over every TypeScript file the compiler builds.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
    // sdk/ is written by `npm run sdk` (Pulumi's code generators); a test holds it to what they write.
    { ignores: ["dist/**", "node_modules/**", ".ci/**", "examples/**", "test/fixtures/**", "sdk/**"] },
    {
        files: ["**/*.ts"],
        extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
        languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
        rules: {
            // Methods implement async interfaces (Pulumi's dynamic provider, the kinds' lifecycle) whether or not they wait.
            "@typescript-eslint/require-await": "off",
            // Control characters are matched on purpose: that is how text from outside is escaped or refused.
            "no-control-regex": "off",
            // A caught failure kept and thrown again later is thrown as it was caught, whatever it is.
            "@typescript-eslint/only-throw-error": ["error", { allowThrowingUnknown: true }],
            // An unused parameter kept for a signature's sake is named with a leading underscore.
            "@typescript-eslint/no-unused-vars": [
                "error",
                { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
            ],
        },
    },
    {
        // The serialized stub requires the runtime by its path when the host calls it: a require() is its whole point,
        // and its text is part of every resource's state, so it is not rewritten to please a rule.
        files: ["provider/resources/stub.ts"],
        rules: {
            "@typescript-eslint/no-require-imports": "off",
            "@typescript-eslint/no-unsafe-call": "off",
            "@typescript-eslint/no-unsafe-member-access": "off",
        },
    },
    {
        // Tests and benchmarks read the service's and the engine's JSON answers as they come, and assert on them; the
        // product parses every answer through zod, so the rules against untyped values hold there in full.
        files: ["test/**/*.ts", "bench/**/*.ts", "emulator/**/*.ts", "tools/**/*.ts"],
        // The build of the catalogue the package ships reads the spec's notation as the product reads its inputs.
        ignores: ["tools/wiki-catalogue/**"],
        rules: {
            "@typescript-eslint/no-unsafe-member-access": "off",
            "@typescript-eslint/no-unsafe-assignment": "off",
            "@typescript-eslint/no-unsafe-argument": "off",
            "@typescript-eslint/no-unsafe-call": "off",
            "@typescript-eslint/no-unsafe-return": "off",
            "@typescript-eslint/no-explicit-any": "off",
            // Assertion messages show whatever a value is, objects included.
            "@typescript-eslint/restrict-template-expressions": "off",
            "@typescript-eslint/no-base-to-string": "off",
            // Test harnesses hand out accessors (`const { emulator, client } = useEmulator()`) that are plain functions.
            "@typescript-eslint/unbound-method": "off",
            // Tests load built modules by path at run time, to check what the build produced.
            "@typescript-eslint/no-require-imports": "off",
        },
    },
);
