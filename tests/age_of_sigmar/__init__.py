"""Age of Sigmar tests: warscroll data, the exact calculator and its command line."""
