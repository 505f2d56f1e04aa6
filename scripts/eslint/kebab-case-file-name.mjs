// ESLint rule `x/kebab-case-file-name`: a linted file's name, and every
// folder on its path from the repository root, is kebab-case (STYLE.md:
// "kebab-case names that say what the file does"). Dots separate a name from
// its kinds (`build-toolset.property.test.ts`); the test tools' own folders
// (`__fixtures__`, `__snapshots__`) are the one exception.
import path from "node:path";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TOOL_FOLDER = /^__[a-z]+__$/;

const isKebabFileName = (name) => name.split(".").every((part) => KEBAB.test(part));
const isAllowedFolder = (name) => KEBAB.test(name) || TOOL_FOLDER.test(name) || name === "." || name === "..";

/** @type {import("eslint").Rule.RuleModule} */
export const kebabCaseFileName = {
  meta: {
    type: "suggestion",
    docs: { description: "File and folder names are kebab-case." },
    schema: [
      { type: "object", properties: { root: { type: "string" } }, required: ["root"], additionalProperties: false },
    ],
    messages: {
      file: "The file name {{name}} is not kebab-case: write it as lower-case words joined by hyphens.",
      folder: "The folder {{name}} is not kebab-case: write it as lower-case words joined by hyphens.",
    },
  },
  create(context) {
    return {
      Program(node) {
        const relative = path.relative(context.options[0].root, context.filename);
        const parts = relative.split(path.sep);
        const file = parts.pop() ?? "";
        // Dotfiles (.changeset, config files such as .eslintrc) are the tools' names, not ours.
        const folders = parts.filter((part) => !part.startsWith("."));
        for (const folder of folders) {
          if (!isAllowedFolder(folder)) context.report({ node, messageId: "folder", data: { name: folder } });
        }
        if (!file.startsWith(".") && !isKebabFileName(file))
          context.report({ node, messageId: "file", data: { name: file } });
      },
    };
  },
};
