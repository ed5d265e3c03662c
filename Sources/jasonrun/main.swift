print("jasonrun")
