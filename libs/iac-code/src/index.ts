// The public entry of @terrace/iac-code: what the product reads from Terraform and OpenTofu code.
export {
  hclExpressionProblem,
  readTerraformModule,
  variableValueText,
  type CodeFile,
  type DeclaredVariable,
  type RequiredProvider,
  type TerraformModule,
  type VariableValidation,
} from './lib/terraform-module';
