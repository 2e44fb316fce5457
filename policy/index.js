// The pack's entry as the Pulumi CLI runs it (`main` of this folder): the compiled pack in the package's dist/.
module.exports = require("../dist/policy/pack.js");
