/* Running summary of a series of scores. */
struct summary {
  int count;
  int total;
  int min;
  int max;
};

void summary_init(struct summary *s);
void summary_add(struct summary *s, int v);
int summary_mean(const struct summary *s);
int summary_range(const struct summary *s);
