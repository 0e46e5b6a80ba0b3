module.exports = {
  extends: require.resolve('@umijs/lint/dist/config/eslint'),
  globals: { API_BASE_URL: 'readonly' },
  ignorePatterns: ['src/.umi', 'src/.umi-production', 'src/.umi-test', 'dist', 'node_modules', 'src/services/agler'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
  },
};
